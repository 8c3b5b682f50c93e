import { useState } from 'react';
import { toast } from 'sonner';
import type { UploadBucket } from '@shared/data/uploads';
import {
  audioFileSchema,
  fileExtension,
  screenshotFileSchema,
} from '@shared/domain/validation/files';
import { toastForIssue } from '@shared/domain/validation/messages';
import {
  removeUploadedFile,
  useUploadFeedbackFile,
} from '@web/api/uploads/upload-feedback-file';

/** Upload states of consumer spec §4: idle, uploading, uploaded. */
export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; name: string }
  | { status: 'uploaded'; name: string; path: string; previewUrl: string };

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
};

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

  async function choose(file: File | Blob, name: string) {
    // Codec parameters are dropped: buckets compare the bare MIME type.
    const contentType = (file.type.split(';')[0] ?? '').trim().toLowerCase();
    const schema =
      bucket === 'screenshots' ? screenshotFileSchema : audioFileSchema;
    const parsed = schema.safeParse({
      name,
      type: contentType,
      size: file.size,
    });
    if (!parsed.success) {
      const message = toastForIssue(parsed.error.issues[0]?.message ?? '');
      toast.error(message.title, { description: message.description });
      return;
    }
    const extension = EXTENSIONS[contentType] ?? fileExtension(name) ?? 'bin';
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
      toast.success(
        bucket === 'screenshots' ? 'Screenshot uploaded!' : 'Audio uploaded!',
      );
    } catch {
      setState({ status: 'idle' });
      toast.error('Upload failed', {
        description: `There was an error uploading your ${LABEL[bucket]}.`,
      });
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
