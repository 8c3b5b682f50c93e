import { failureText } from '@shared/data/client';
import { useRef, useState } from 'react';
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
  useUploadFeedbackFile,
} from '@web/api/uploads/upload-feedback-file';

/** Upload states of consumer spec §4: idle, uploading, uploaded. */
export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; name: string }
  | { status: 'uploaded'; name: string; path: string; previewUrl: string };

const LABEL: Record<UploadBucket, string> = {
  screenshots: 'screenshot',
  audio: 'audio',
};

/**
 * Checks a chosen file with the shared rules, uploads it to its private
 * bucket and tracks its state. A failure toasts and returns to idle; the
 * rest of the form is untouched.
 */
export function useFileUpload(bucket: UploadBucket) {
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const upload = useUploadFeedbackFile();
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
  }

  return { state, choose, remove };
}
