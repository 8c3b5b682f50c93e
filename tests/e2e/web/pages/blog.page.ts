import type { Page } from '@playwright/test';

/** The public blog list and article pages. */
export class BlogPage {
  constructor(private readonly page: Page) {}

  gotoList(query = '') {
    return this.page.goto(`/blog${query}`);
  }

  gotoArticle(slug: string) {
    return this.page.goto(`/blog/${slug}`);
  }

  search() {
    return this.page.getByPlaceholder('Search articles...');
  }

  category() {
    return this.page.getByRole('combobox', { name: 'Category' });
  }

  cards() {
    return this.page
      .getByRole('list', { name: 'Articles' })
      .getByRole('article');
  }

  likeButton() {
    return this.page.getByRole('button', { name: /^(Like|Unlike) article/ });
  }

  likeCount() {
    return this.page.getByTestId('like-count');
  }

  shareButton() {
    return this.page.getByRole('button', { name: 'Share' });
  }
}

/** The blog admin panel and its editor. */
export class BlogAdminPage {
  constructor(private readonly page: Page) {}

  goto() {
    return this.page.goto('/blog-admin');
  }

  field(label: string | RegExp) {
    return this.page.getByLabel(label, { exact: typeof label === 'string' });
  }

  button(name: string) {
    return this.page.getByRole('button', { name, exact: true });
  }

  articleRow(title: string) {
    return this.page
      .getByRole('list', { name: 'All articles' })
      .getByRole('listitem')
      .filter({ hasText: title });
  }

  toast(text: string) {
    return this.page.locator('[data-sonner-toast]').filter({ hasText: text });
  }
}
