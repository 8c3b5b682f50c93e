import { useMemo } from 'react';
import { Dialog } from '@web/components/ui/dialog';
import { sanitizeArticleHtml } from '@web/lib/sanitize-html';

interface ArticlePreviewDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  content: string;
  imageUrl: string;
}

/** 'Article Preview' of the editor's current values, sanitised. */
export function ArticlePreviewDialog({
  open,
  onClose,
  title,
  content,
  imageUrl,
}: ArticlePreviewDialogProps) {
  const html = useMemo(
    () => (open ? sanitizeArticleHtml(content) : ''),
    [open, content],
  );
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Article Preview"
      width="max-w-3xl"
    >
      <div className="max-h-[70vh] overflow-y-auto">
        {imageUrl && (
          <img
            src={imageUrl}
            alt=""
            className="mb-5 aspect-[16/9] w-full rounded-xl object-cover"
          />
        )}
        <h3 className="text-2xl font-extrabold tracking-tight">
          {title.trim() || 'Untitled Article'}
        </h3>
        {html.trim() ? (
          <div
            className="article-content mt-5"
            // Sanitised with DOMPurify above.
            dangerouslySetInnerHTML={{ __html: html }}
          />
        ) : (
          <p className="mt-5 text-ink-muted italic">No content yet...</p>
        )}
      </div>
    </Dialog>
  );
}
