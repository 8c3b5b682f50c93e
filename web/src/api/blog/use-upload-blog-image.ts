import { useMutation } from '@tanstack/react-query';
import { uploadBlogImage } from '@shared/data/blog';
import { getSupabase } from '@web/lib/supabase';

/** Uploads an article image; resolves to its public URL. */
export function useUploadBlogImage() {
  return useMutation({
    mutationFn: (file: File) =>
      uploadBlogImage(getSupabase(), file, {
        stamp: Date.now(),
        random: crypto.randomUUID().slice(0, 8),
      }),
  });
}
