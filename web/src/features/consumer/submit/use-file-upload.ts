import { failureText } from '@shared/data/client';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@web/lib/toast';
import type { UploadBucket } from '@shared/data/uploads';
import {
  audioFileSchema,
  baseMimeType,
  mediaExtension,
  screenshotFileSchema,
} from '@shared/domain/validation/files';
import {
  looksLikeAudio,
  looksLikeImage,
  MEDIA_SNIFF_BYTES,
} from '@shared/domain/validation/media-bytes';
import {
  AUDIO_INVALID_TYPE,
  SCREENSHOT_INVALID_TYPE,
  toastForIssue,
} from '@shared/domain/validation/messages';
import {
  removeUploadedFile,
  uploadedFileUrl,
  useUploadFeedbackFile,
} from '@web/api/uploads/upload-feedback-file';
import type { KeptFile } from './feedback-draft';

/** Upload states of consumer spec §4: idle, uploading, uploaded. */
export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; name: string }
  | { status: 'uploaded'; name: string; path: string; previewUrl: string };

const LABEL: Record<UploadBucket, string> = {
  screenshots: 'screenshot',
  audio: 'audio',
};

/** Said when a kept attachment is gone after a reload (#40 item 14). */
export function attachmentLostMessage(bucket: UploadBucket) {
  return bucket === 'screenshots'
    ? 'Your screenshot could not be kept: add it again.'
    : 'Your voice note could not be kept: record or add it again.';
}

/**
 * Checks a chosen file with the shared rules, uploads it to its private
 * bucket and tracks its state. A failure toasts and returns to idle; the
 * rest of the form is untouched. With `kept`, an upload survives a reload:
 * the draft keeps its path, and it comes back from the bucket (#40 item 14).
 */
export function useFileUpload(
  bucket: UploadBucket,
  kept?: { file: KeptFile | null; onChange: (file: KeptFile | null) => void },
) {
  const [state, setState] = useState<UploadState>(() =>
    kept?.file
      ? { status: 'uploading', name: kept.file.name }
      : { status: 'idle' },
  );
  const upload = useUploadFeedbackFile();
  const onKept = kept?.onChange;
  // Once, on mount: the draft's upload is read back through a short-lived
  // address; a file gone from the bucket is said, not silently dropped.
  const restoring = useRef(kept?.file ?? null);
  useEffect(() => {
    const file = restoring.current;
    if (!file) return;
    let live = true;
    uploadedFileUrl(bucket, file.path).then(
      (previewUrl) => {
        if (live) setState({ status: 'uploaded', ...file, previewUrl });
      },
      () => {
        if (!live) return;
        setState({ status: 'idle' });
        onKept?.(null);
        toast.info(attachmentLostMessage(bucket));
      },
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per mount
  }, []);
  // This field's error toasts: a later successful upload clears them.
  const errors = useRef<(string | number)[]>([]);
  const fail = (title: string, description?: string) =>
    errors.current.push(toast.error(title, { description }));

  async function choose(file: File | Blob, name: string) {
    // Codec parameters are dropped: buckets compare the bare MIME type.
    const contentType = baseMimeType(file.type);
    const schema =
      bucket === 'screenshots' ? screenshotFileSchema : audioFileSchema;
    const parsed = schema.safeParse({
      name,
      type: contentType,
      size: file.size,
    });
    if (!parsed.success) {
      const message = toastForIssue(parsed.error.issues[0]?.message ?? '');
      fail(message.title, message.description);
      return;
    }
    // A renamed file (text saved as `.png`) is caught here, with the same
    // toast as a wrong type, instead of failing on the server.
    const head = new Uint8Array(
      await file.slice(0, MEDIA_SNIFF_BYTES).arrayBuffer(),
    );
    const looksRight =
      bucket === 'screenshots' ? looksLikeImage : looksLikeAudio;
    if (!looksRight(head)) {
      const message =
        bucket === 'screenshots' ? SCREENSHOT_INVALID_TYPE : AUDIO_INVALID_TYPE;
      fail(message.title, message.description);
      return;
    }
    const extension = mediaExtension(contentType, name);
    setState({ status: 'uploading', name });
    try {
      const path = await upload.mutateAsync({
        bucket,
        file,
        contentType,
        extension,
      });
      setState({
        status: 'uploaded',
        name,
        path,
        previewUrl: URL.createObjectURL(file),
      });
      onKept?.({ name, path });
      errors.current.splice(0).forEach((id) => toast.dismiss(id));
      toast.success(
        bucket === 'screenshots' ? 'Screenshot uploaded!' : 'Audio uploaded!',
      );
    } catch (err) {
      setState({ status: 'idle' });
      fail(
        'Upload failed',
        failureText(err, `There was an error uploading your ${LABEL[bucket]}.`),
      );
    }
  }

  function remove() {
    if (state.status === 'uploaded') {
      URL.revokeObjectURL(state.previewUrl);
      void removeUploadedFile(bucket, state.path);
    }
    setState({ status: 'idle' });
    onKept?.(null);
  }

  return { state, choose, remove };
}
