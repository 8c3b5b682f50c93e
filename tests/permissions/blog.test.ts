import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowed,
  denied,
  forbidden,
  rows,
  startWorld,
  type World,
} from './support.ts';

// The blog tables: everyone reads what is published, blog admins write.
let w: World;
let published: string;
let draft: string;
let category: string;
let tag: string;
let retracted: string;
beforeAll(async () => {
  w = await startWorld();
  const [p, d] = await rows<{ id: string }>(
    w,
    `insert into public.blog_articles (title, content, published)
     values ('Published', '<p>hi</p>', true), ('Draft', '<p>soon</p>', false)
     returning id`,
  );
  published = p?.id ?? '';
  draft = d?.id ?? '';
  const [c] = await rows<{ id: string }>(
    w,
    `insert into public.blog_categories (name) values ('Guides') returning id`,
  );
  const [tg] = await rows<{ id: string }>(
    w,
    `insert into public.blog_tags (name) values ('UX') returning id`,
  );
  category = c?.id ?? '';
  tag = tg?.id ?? '';
  await rows(
    w,
    `insert into public.blog_article_categories values ($1, $3), ($2, $3);
     `.trim(),
    [published, draft, category],
  );
  await rows(
    w,
    `insert into public.blog_article_tags values ($1, $3), ($2, $3)`,
    [published, draft, tag],
  );
  // Liked while published, then taken back to draft.
  const [r] = await rows<{ id: string }>(
    w,
    `insert into public.blog_articles (title, content, published)
     values ('Retracted', '<p>oops</p>', true) returning id`,
  );
  retracted = r?.id ?? '';
  await rows(
    w,
    'insert into public.blog_article_likes (article_id, user_id) values ($1, $2)',
    [retracted, w.id.consumerB],
  );
  await rows(
    w,
    'update public.blog_articles set published = false where id = $1',
    [retracted],
  );
});
afterAll(() => w?.t.stop());

const READERS = [
  'anon',
  'consumerA',
  'consumerB',
  'companyX',
  'companyY',
] as const;

/** Anon has no write grant on the blog tables (42501); signed-in readers
 * have one but the admin-only policies leave them no row to change. */
const writeRefusal = (role: (typeof READERS)[number]) =>
  role === 'anon' ? ('forbidden' as const) : ('hidden' as const);

describe('blog_articles', () => {
  it.each(READERS)('%s reads published articles', async (role) => {
    allowed(
      await w.as[role].from('blog_articles').select('*').eq('id', published),
      1,
    );
  });
  it.each(READERS)('%s cannot read drafts', async (role) => {
    denied(
      await w.as[role].from('blog_articles').select('*').eq('id', draft),
      'hidden',
    );
  });
  it('admin reads drafts', async () => {
    allowed(
      await w.as.admin.from('blog_articles').select('*').eq('id', draft),
      1,
    );
  });
  it('service reads everything', async () => {
    allowed(await w.as.service.from('blog_articles').select('id'), 3);
  });

  it('admin creates, edits and deletes articles', async () => {
    const created = await w.as.admin
      .from('blog_articles')
      .insert({ title: 'New', content: '<p>x</p>' })
      .select('id')
      .single();
    allowed(created);
    const id = created.data?.id ?? '';
    allowed(
      await w.as.admin
        .from('blog_articles')
        .update({ published: true })
        .eq('id', id)
        .select('id'),
      1,
    );
    allowed(
      await w.as.admin.from('blog_articles').delete().eq('id', id).select('id'),
      1,
    );
  });
  it.each(READERS)(
    '%s cannot create, edit or delete articles',
    async (role) => {
      forbidden(
        await w.as[role]
          .from('blog_articles')
          .insert({ title: 'x', content: 'x' }),
      );
      denied(
        await w.as[role]
          .from('blog_articles')
          .update({ title: 'x' })
          .eq('id', published)
          .select('id'),
        writeRefusal(role),
      );
      denied(
        await w.as[role]
          .from('blog_articles')
          .delete()
          .eq('id', published)
          .select('id'),
        writeRefusal(role),
      );
    },
  );
});

describe.each([
  ['blog_categories', { name: 'News' }],
  ['blog_tags', { name: 'Startups' }],
] as const)('%s', (table, row: { name: string }) => {
  it.each([...READERS, 'admin'] as const)('%s reads them', async (role) => {
    allowed(await w.as[role].from(table).select('*'), 1);
  });
  it('admin creates, edits and deletes them', async () => {
    const created = await w.as.admin
      .from(table)
      .insert(row)
      .select('id')
      .single();
    allowed(created);
    const id = created.data?.id ?? '';
    allowed(
      await w.as.admin
        .from(table)
        .update({ name: `${row.name} 2` })
        .eq('id', id)
        .select('id'),
      1,
    );
    allowed(await w.as.admin.from(table).delete().eq('id', id).select('id'), 1);
  });
  it.each(READERS)('%s cannot write them', async (role) => {
    forbidden(await w.as[role].from(table).insert(row));
    denied(
      await w.as[role]
        .from(table)
        .update({ name: 'x' })
        .neq('name', '')
        .select('id'),
      writeRefusal(role),
    );
    denied(
      await w.as[role].from(table).delete().neq('name', '').select('id'),
      writeRefusal(role),
    );
  });
});

describe.each([
  ['blog_article_categories', 'category_id'],
  ['blog_article_tags', 'tag_id'],
] as const)('%s', (table, column) => {
  const otherId = () => (column === 'category_id' ? category : tag);
  it.each(READERS)(
    '%s reads the links of published articles only',
    async (role) => {
      allowed(
        await w.as[role].from(table).select('*').eq('article_id', published),
        1,
      );
      denied(
        await w.as[role].from(table).select('*').eq('article_id', draft),
        'hidden',
      );
    },
  );
  it('admin reads every link and relinks', async () => {
    allowed(await w.as.admin.from(table).select('*'), 2);
    allowed(
      await w.as.admin
        .from(table)
        .delete()
        .eq('article_id', draft)
        .select('article_id'),
      1,
    );
    allowed(
      await w.as.admin
        .from(table)
        .insert({ article_id: draft, [column]: otherId() } as never),
    );
  });
  it.each(READERS)('%s cannot link or unlink', async (role) => {
    forbidden(
      await w.as[role]
        .from(table)
        .insert({ article_id: draft, [column]: otherId() } as never),
    );
    denied(
      await w.as[role]
        .from(table)
        .delete()
        .eq('article_id', published)
        .select('article_id'),
      writeRefusal(role),
    );
  });
});

describe('blog_admins', () => {
  it('the admin reads their own row', async () => {
    allowed(
      await w.as.admin
        .from('blog_admins')
        .select('id')
        .eq('user_email', w.email.admin),
      1,
    );
  });
  it.each(['consumerA', 'companyX'] as const)(
    '%s reads no admin row',
    async (role) => {
      allowed(await w.as[role].from('blog_admins').select('id'), 0);
    },
  );
  it('anon cannot read admins', async () => {
    forbidden(await w.as.anon.from('blog_admins').select('id'));
  });
  it.each(['anon', 'consumerA', 'admin'] as const)(
    '%s cannot add admins',
    async (role) => {
      forbidden(
        await w.as[role]
          .from('blog_admins')
          .insert({ user_email: 'me@perm.test' }),
      );
      forbidden(
        await w.as[role]
          .from('blog_admins')
          .delete()
          .eq('user_email', w.email.admin),
      );
    },
  );
  it('service manages admins', async () => {
    allowed(
      await w.as.service
        .from('blog_admins')
        .insert({ user_email: 'editor@perm.test' }),
    );
  });
});

describe('blog_article_likes', () => {
  it('a signed-in user likes once, reads and removes their like', async () => {
    allowed(
      await w.as.consumerA.from('blog_article_likes').insert({
        article_id: published,
        user_id: w.id.consumerA,
        user_email: w.email.consumerA,
      }),
    );
    allowed(
      await w.as.consumerA
        .from('blog_article_likes')
        .select('id')
        .eq('article_id', published),
      1,
    );
    const again = await w.as.consumerA
      .from('blog_article_likes')
      .insert({ article_id: published, user_id: w.id.consumerA });
    expect(again.error?.code).toBe('23505');
    allowed(
      await w.as.consumerA
        .from('blog_article_likes')
        .delete()
        .eq('article_id', published)
        .eq('user_id', w.id.consumerA)
        .select('id'),
      1,
    );
  });
  it('a signed-in user cannot like as someone else or read their likes', async () => {
    await w.as.consumerB
      .from('blog_article_likes')
      .insert({ article_id: published, user_id: w.id.consumerB });
    forbidden(
      await w.as.consumerA
        .from('blog_article_likes')
        .insert({ article_id: published, user_id: w.id.consumerB }),
    );
    denied(
      await w.as.consumerA
        .from('blog_article_likes')
        .select('*')
        .eq('user_id', w.id.consumerB),
      'hidden',
    );
    denied(
      await w.as.consumerA
        .from('blog_article_likes')
        .delete()
        .eq('user_id', w.id.consumerB)
        .select('id'),
      'hidden',
    );
  });
  it('anon likes anonymously but cannot read or remove likes', async () => {
    allowed(
      await w.as.anon
        .from('blog_article_likes')
        .insert({ article_id: published }),
    );
    forbidden(
      await w.as.anon
        .from('blog_article_likes')
        .insert({ article_id: published, user_id: w.id.consumerA }),
    );
    forbidden(await w.as.anon.from('blog_article_likes').select('*'));
    forbidden(
      await w.as.anon
        .from('blog_article_likes')
        .delete()
        .eq('article_id', published),
    );
  });
  it.each(['anon', 'consumerA', 'admin'] as const)(
    '%s cannot like a draft',
    async (role) => {
      const { error } = await w.as[role]
        .from('blog_article_likes')
        .insert({ article_id: draft });
      expect(error?.code).toBe('42501');
      expect(error?.message).toBe('You can only like published articles.');
    },
  );
  it('service reads all likes', async () => {
    allowed(await w.as.service.from('blog_article_likes').select('id'), 3);
  });
});

describe('get_article_like_count', () => {
  it.each([...READERS, 'admin'] as const)(
    '%s counts likes of published articles',
    async (role) => {
      const res = await w.as[role].rpc('get_article_like_count', {
        p_article_id: published,
      });
      allowed(res);
      expect(res.data).toBe(2);
    },
  );
  it.each(READERS)(
    '%s gets 0 for an article taken back to draft',
    async (role) => {
      const res = await w.as[role].rpc('get_article_like_count', {
        p_article_id: retracted,
      });
      allowed(res);
      expect(res.data).toBe(0);
    },
  );
  it('admin counts the likes of a draft', async () => {
    const res = await w.as.admin.rpc('get_article_like_count', {
      p_article_id: retracted,
    });
    expect(res.data).toBe(1);
  });
});

// #19 item 25: old slugs of an article redirect to its current slug.
describe('blog_article_slug_redirects', () => {
  let renamed: string;
  let hidden: string;
  beforeAll(async () => {
    const [r, h] = await rows<{ id: string }>(
      w,
      `insert into public.blog_articles (title, slug, content, published)
       values ('Renamed', 'renamed-old', '<p>r</p>', true),
              ('Hidden rename', 'hidden-old', '<p>h</p>', false)
       returning id`,
    );
    renamed = r?.id ?? '';
    hidden = h?.id ?? '';
    allowed(
      await w.as.admin
        .from('blog_articles')
        .update({ slug: 'renamed-new' })
        .eq('id', renamed)
        .select('id'),
      1,
    );
    allowed(
      await w.as.admin
        .from('blog_articles')
        .update({ slug: 'hidden-new' })
        .eq('id', hidden)
        .select('id'),
      1,
    );
  });

  it.each(READERS)(
    '%s reads the old slugs of published articles only',
    async (role) => {
      const res = await w.as[role]
        .from('blog_article_slug_redirects')
        .select('old_slug, article_id')
        .in('old_slug', ['renamed-old', 'hidden-old']);
      expect(res.error).toBeNull();
      expect(res.data).toEqual([
        { old_slug: 'renamed-old', article_id: renamed },
      ]);
    },
  );

  it('the admin reads the old slugs of drafts too', async () => {
    allowed(
      await w.as.admin
        .from('blog_article_slug_redirects')
        .select('old_slug')
        .in('old_slug', ['renamed-old', 'hidden-old']),
      2,
    );
  });

  it.each(READERS)('%s cannot add or remove old slugs', async (role) => {
    const add = await w.as[role]
      .from('blog_article_slug_redirects')
      .insert({ old_slug: `sneaky-${role}`, article_id: renamed });
    forbidden(add);
    denied(
      await w.as[role]
        .from('blog_article_slug_redirects')
        .delete()
        .eq('old_slug', 'renamed-old')
        .select('old_slug'),
      writeRefusal(role),
    );
    const [n] = await rows<{ n: number }>(
      w,
      `select count(*)::int as n from public.blog_article_slug_redirects where old_slug = 'renamed-old'`,
    );
    expect(n?.n).toBe(1);
  });

  it('nobody edits a mapping in place', async () => {
    forbidden(
      await w.as.admin
        .from('blog_article_slug_redirects')
        .update({ article_id: hidden })
        .eq('old_slug', 'renamed-old'),
    );
  });

  it('a slug in use again stops redirecting', async () => {
    allowed(
      await w.as.admin
        .from('blog_articles')
        .update({ slug: 'renamed-old' })
        .eq('id', renamed)
        .select('id'),
      1,
    );
    const [r] = await rows<{ slugs: string[] }>(
      w,
      `select array_agg(old_slug order by old_slug) as slugs
         from public.blog_article_slug_redirects where article_id = $1`,
      [renamed],
    );
    expect(r?.slugs).toEqual(['renamed-new']);
  });
});
