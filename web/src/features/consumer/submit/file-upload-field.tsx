import { useId, useRef, type ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { Spinner } from '@web/components/ui/spinner';
import type { UploadState } from './use-file-upload';

interface Props {
  label: string;
  hint: string;
  accept: string;
  state: UploadState;
  onChoose: (file: File) => void;
  onRemove: () => void;
  /** Shown when uploaded (image preview or audio player). */
  preview: (url: string) => ReactNode;
  /** Extra controls beside "Choose file" (e.g. Record). */
  extra?: ReactNode;
}

/** An optional upload with its states: idle, uploading, uploaded. */
export function FileUploadField({
  label,
  hint,
  accept,
  state,
  onChoose,
  onRemove,
  preview,
  extra,
}: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label} <span className="font-normal text-ink-muted">(optional)</span>
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        className="sr-only"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onChoose(file);
        }}
      />
      <div className="rounded-xl border border-dashed border-line bg-surface p-4">
        {state.status === 'idle' && (
          <div className="flex flex-wrap items-center gap-3">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => input.current?.click()}
            >
              Choose file
            </Button>
            {extra}
            <span className="text-xs text-ink-muted">{hint}</span>
          </div>
        )}
        {state.status === 'uploading' && (
          <p className="flex items-center gap-3 text-sm" role="status">
            <Spinner
              label="Uploading"
              className="[&>span:first-child]:size-5"
            />
            Uploading {state.name}…
          </p>
        )}
        {state.status === 'uploaded' && (
          <div className="flex flex-col gap-3">
            {preview(state.previewUrl)}
            <div className="flex items-center gap-3 text-sm">
              <span className="font-medium text-green-700">✓ Uploaded</span>
              <span className="truncate text-ink-muted">{state.name}</span>
              <Button
                variant="ghost"
                size="sm"
                onClick={onRemove}
                aria-label={`Remove ${label.toLowerCase()}`}
              >
                Remove
              </Button>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
