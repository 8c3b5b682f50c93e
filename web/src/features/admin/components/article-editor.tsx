import { useDeferredValue, useMemo, useState, type FormEvent } from 'react';
import { toast } from '@web/lib/toast';
import type { BlogArticleDetail } from '@shared/data/blog';
import { toSlug } from '@shared/domain/slug';
import {
  blogArticleSchema,
  tagNameSchema,
} from '@shared/domain/validation/blog';
import { blogImageFileSchema } from '@shared/domain/validation/files';
import { useCategories } from '@web/api/blog/get-categories';
import { useTags } from '@web/api/blog/get-tags';
import { useCreateTag } from '@web/api/blog/use-create-tag';
import { useSaveArticle } from '@web/api/blog/use-save-article';
import { useUploadBlogImage } from '@web/api/blog/use-upload-blog-image';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import {
  Field,
  InputField,
  TextareaField,
  inputClass,
} from '@web/components/ui/field';
import { Switch } from '@web/components/ui/switch';
import { sanitizeArticleHtmlWithReport } from '@web/lib/sanitize-html';
import { ArticlePreviewDialog } from './article-preview-dialog';
import { ToggleBadge } from './toggle-badge';

interface ArticleEditorProps {
  /** The article to edit, or null for a new one. */
  article: BlogArticleDetail | null;
  onClose: () => void;
}

const showError = (message: string) =>
  toast.error('Error', { description: message });

const errorMessage = (error: unknown) =>
  error instanceof Error ? error.message : String(error);

/** The note listing what saving removes from the content. */
const removedText = (removed: readonly string[]) =>
  `Removed on save: ${removed.join(', ')}.`;

function toggle(list: string[], id: string): string[] {
  return list.includes(id) ? list.filter((v) => v !== id) : [...list, id];
}

/** The article editor: every field of the spec's §2 "Blog admin". */
export function ArticleEditor({ article, onClose }: ArticleEditorProps) {
  const [title, setTitle] = useState(article?.title ?? '');
  const [slug, setSlug] = useState(article?.slug ?? '');
  // The slug follows the title until it is edited by hand.
  const [slugEdited, setSlugEdited] = useState(article !== null);
  const [excerpt, setExcerpt] = useState(article?.excerpt ?? '');
  const [content, setContent] = useState(article?.content ?? '');
  const [metaTitle, setMetaTitle] = useState(article?.metaTitle ?? '');
  const [metaDescription, setMetaDescription] = useState(
    article?.metaDescription ?? '',
  );
  const [imageUrl, setImageUrl] = useState(article?.featuredImageUrl ?? '');
  const [published, setPublished] = useState(article?.published ?? false);
  const [categoryIds, setCategoryIds] = useState<string[]>(
    article?.categories.map((c) => c.id) ?? [],
  );
  const [tagIds, setTagIds] = useState<string[]>(
    article?.tags.map((t) => t.id) ?? [],
  );
  const [newTag, setNewTag] = useState('');
  const [previewOpen, setPreviewOpen] = useState(false);

  const categories = useCategories();
  const tags = useTags();
  const save = useSaveArticle();
  const createTag = useCreateTag();
  const upload = useUploadBlogImage();
  // What saving will remove, shown while the admin writes (#19 item 23).
  const typed = useDeferredValue(content);
  const { removed } = useMemo(
    () => sanitizeArticleHtmlWithReport(typed),
    [typed],
  );

  const onTitle = (value: string) => {
    setTitle(value);
    if (!slugEdited) setSlug(toSlug(value));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const cleaned = sanitizeArticleHtmlWithReport(content);
    const parsed = blogArticleSchema.safeParse({
      title,
      slug,
      excerpt,
      content: cleaned.html,
      metaTitle,
      metaDescription,
      featuredImageUrl: imageUrl,
      published,
      categoryIds,
      tagIds,
    });
    if (!parsed.success) {
      showError(parsed.error.issues[0]?.message ?? 'Please check the form.');
      return;
    }
    save.mutate(
      { ...parsed.data, id: article?.id ?? null },
      {
        onSuccess: () => {
          toast.success('Success', {
            description: 'Article saved successfully',
          });
          if (cleaned.removed.length > 0) {
            toast.info(removedText(cleaned.removed));
          }
          onClose();
        },
        onError: (error) => showError(errorMessage(error)),
      },
    );
  };

  const selectExistingTag = (tag: { id: string; name: string }) => {
    setTagIds((ids) => (ids.includes(tag.id) ? ids : [...ids, tag.id]));
    setNewTag('');
    toast.info(`The tag “${tag.name}” already exists and is now selected.`);
  };

  const addTag = () => {
    const parsed = tagNameSchema.safeParse(newTag);
    // An empty or whitespace-only name is ignored (company spec §5).
    if (newTag.trim() === '') return;
    if (!parsed.success) {
      showError(parsed.error.issues[0]?.message ?? 'Invalid tag name.');
      return;
    }
    // A tag with this slug already exists: select it instead (#19 item 24).
    const known = tags.data?.find((t) => t.slug === parsed.data.slug);
    if (known) {
      selectExistingTag(known);
      return;
    }
    createTag.mutate(parsed.data, {
      onSuccess: (tag) => {
        if (tag.existing) {
          selectExistingTag(tag);
          return;
        }
        toast.success('Tag created successfully');
        setTagIds((ids) => [...ids, tag.id]);
        setNewTag('');
      },
      onError: (error) => showError(errorMessage(error)),
    });
  };

  const onFile = (file: File | undefined) => {
    if (!file) return;
    const checked = blogImageFileSchema.safeParse(file);
    if (!checked.success) {
      toast.error(checked.error.issues[0]?.message ?? 'Invalid file.');
      return;
    }
    upload.mutate(file, {
      onSuccess: (url) => {
        setImageUrl(url);
        toast.success('Image uploaded successfully');
      },
      onError: (error) => showError(errorMessage(error)),
    });
  };

  return (
    <Card>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        <h2 className="text-xl font-bold">
          {article ? 'Edit Article' : 'New Article'}
        </h2>
        <div className="grid gap-5 sm:grid-cols-2">
          <InputField
            label="Title"
            required
            value={title}
            onChange={(e) => onTitle(e.target.value)}
            placeholder="Article title"
          />
          <InputField
            label="Slug"
            value={slug}
            onChange={(e) => {
              setSlugEdited(true);
              setSlug(e.target.value);
            }}
            placeholder="article-slug"
            hint="Made from the title until you edit it."
          />
        </div>
        <TextareaField
          label="Excerpt"
          rows={3}
          value={excerpt}
          onChange={(e) => setExcerpt(e.target.value)}
          placeholder="A short summary shown on the article card"
        />
        <TextareaField
          label="Content"
          required
          rows={12}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          placeholder="<p>Write your article… HTML is allowed.</p>"
          hint="HTML allowed. Scripts, event handlers and javascript: links are removed on save."
          className="font-mono text-[13px]"
        />
        {removed.length > 0 && (
          <p
            role="status"
            data-testid="removed-on-save"
            className="-mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm break-words text-amber-800"
          >
            {removedText(removed)}
          </p>
        )}
        <div className="grid gap-5 sm:grid-cols-2">
          <InputField
            label="Meta Title (SEO)"
            value={metaTitle}
            onChange={(e) => setMetaTitle(e.target.value)}
          />
          <TextareaField
            label="Meta Description (SEO)"
            rows={2}
            value={metaDescription}
            onChange={(e) => setMetaDescription(e.target.value)}
          />
        </div>

        <fieldset className="flex flex-col gap-3 rounded-xl border border-line p-4">
          <legend className="px-1 text-sm font-medium">Featured Image</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Upload image">
              {({ id }) => (
                <input
                  id={id}
                  type="file"
                  accept="image/png,image/jpeg,image/webp,image/gif"
                  disabled={upload.isPending}
                  onChange={(e) => {
                    onFile(e.target.files?.[0]);
                    e.target.value = '';
                  }}
                  className={`${inputClass} file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-3 file:py-1 file:text-sm file:font-semibold file:text-brand-700`}
                />
              )}
            </Field>
            <InputField
              label="Or image URL"
              type="url"
              value={imageUrl}
              onChange={(e) => setImageUrl(e.target.value)}
              placeholder="https://…"
            />
          </div>
          {upload.isPending && (
            <p className="text-sm text-ink-muted">Uploading…</p>
          )}
          {imageUrl && (
            <img
              src={imageUrl}
              alt="Featured preview"
              className="aspect-[16/9] w-full max-w-sm rounded-xl border border-line object-cover"
            />
          )}
        </fieldset>

        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">Categories</legend>
          <div className="flex flex-wrap gap-2">
            {(categories.data ?? []).map((c) => (
              <ToggleBadge
                key={c.id}
                label={c.name}
                selected={categoryIds.includes(c.id)}
                onToggle={() => setCategoryIds((ids) => toggle(ids, c.id))}
              />
            ))}
          </div>
        </fieldset>

        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">Tags</legend>
          <div className="flex flex-wrap gap-2">
            {(tags.data ?? []).map((t) => (
              <ToggleBadge
                key={t.id}
                label={t.name}
                selected={tagIds.includes(t.id)}
                onToggle={() => setTagIds((ids) => toggle(ids, t.id))}
              />
            ))}
          </div>
          <div className="mt-2 flex max-w-md gap-2">
            <label className="flex-1">
              <span className="sr-only">New tag</span>
              <input
                value={newTag}
                onChange={(e) => setNewTag(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addTag();
                  }
                }}
                placeholder="New tag"
                className={inputClass}
              />
            </label>
            <Button
              variant="secondary"
              onClick={addTag}
              disabled={createTag.isPending}
            >
              Add Tag
            </Button>
          </div>
        </fieldset>

        <Switch checked={published} onChange={setPublished} label="Published" />

        <div className="flex flex-wrap gap-3 border-t border-line pt-5">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save Article'}
          </Button>
          <Button variant="secondary" onClick={() => setPreviewOpen(true)}>
            Preview
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
      <ArticlePreviewDialog
        open={previewOpen}
        onClose={() => setPreviewOpen(false)}
        title={title}
        content={content}
        imageUrl={imageUrl}
      />
    </Card>
  );
}
