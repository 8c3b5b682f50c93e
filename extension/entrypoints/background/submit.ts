import { trackEvent } from '@shared/data/analytics';
import type { Client } from '@shared/data/client';
import { createFeedback } from '@shared/data/feedback';
import { uploadFeedbackFile } from '@shared/data/uploads';
import { SESSION_ENDED, isSessionGone } from '@shared/domain/session';
import { FEEDBACK_AUTH_REQUIRED } from '@shared/domain/validation/messages';
import { deleteDraft, loadDraft, saveDraftShot } from '@ext/lib/drafts';
import { draftToFeedback } from '@ext/lib/draft-input';
import { describeFailure, type FailureMessage } from '@ext/lib/errors';
import type { SubmitResult } from '@ext/lib/messaging';
import { sessionEndItem } from '@ext/lib/storage';
import {
  MAX_SCREENSHOT_BYTES,
  dataUrlBytes,
  dataUrlToBlob,
  shrinkJpeg,
} from '@ext/lib/screenshot';
import { getClient } from '@ext/lib/supabase';

/**
 * The message for a failed upload or insert. A failure that is not the
 * network's may come from an account that no longer exists (the insert
 * then breaks a foreign key): the server is asked, and such a session is
 * signed out here and said to have ended. The draft stays either way.
 */
async function failureOf(
  client: Client,
  error: unknown,
  stage: 'upload' | 'submit',
): Promise<FailureMessage> {
  const failure = describeFailure(error, stage);
  if (failure.kind === 'offline' || failure.kind === 'rate-limited') {
    return failure;
  }
  try {
    const { error: userError } = await client.auth.getUser();
    if (!isSessionGone(userError)) return failure;
    await sessionEndItem.setValue('ended');
    await client.auth.signOut({ scope: 'local' });
    return { kind: 'session-ended', ...SESSION_ENDED };
  } catch {
    return failure;
  }
}

/**
 * Sends the stored draft of a page: upload the (already redacted)
 * screenshot to the private bucket, insert the feedback, and only then
 * forget the draft. Answers as soon as the row is stored (no stats
 * refetch: the popup shows '+N XP' at once and loads the level after). Every failure is answered as a message; the draft stays
 * (with the uploaded path, so a retry does not upload twice).
 */
export async function submitDraft(
  url: string,
  deps: { getClient: () => Promise<Client>; randomId: () => string } = {
    getClient: () => getClient(),
    randomId: () => crypto.randomUUID(),
  },
): Promise<SubmitResult> {
  let client: Client;
  let userId: string;
  try {
    client = await deps.getClient();
    const { data, error } = await client.auth.getSession();
    if (error) throw error;
    if (!data.session) {
      return {
        ok: false,
        failure: { kind: 'auth', ...FEEDBACK_AUTH_REQUIRED },
      };
    }
    userId = data.session.user.id;
  } catch (error) {
    return { ok: false, failure: describeFailure(error) };
  }

  const { draft, shot } = await loadDraft(userId, url);
  if (!draft) {
    return {
      ok: false,
      failure: {
        kind: 'invalid',
        title: 'Nothing to send',
        description: 'Type your feedback first.',
      },
    };
  }
  const input = draftToFeedback(draft);
  if (!input.ok) return input;

  let screenshotPath: string | null = null;
  if (draft.includeScreenshot && shot) {
    screenshotPath = shot.uploadedPath;
    if (!screenshotPath) {
      try {
        screenshotPath = await uploadFeedbackFile(client, {
          bucket: 'screenshots',
          // Never more than 300 KB, even if the popup closed before it
          // shrank the capture.
          file: dataUrlToBlob(
            dataUrlBytes(shot.redacted) > MAX_SCREENSHOT_BYTES
              ? await shrinkJpeg(shot.redacted)
              : shot.redacted,
          ),
          contentType: 'image/jpeg',
          extension: 'jpg',
          id: deps.randomId(),
        });
        await saveDraftShot(userId, url, {
          ...shot,
          uploadedPath: screenshotPath,
        });
      } catch (error) {
        return { ok: false, failure: await failureOf(client, error, 'upload') };
      }
    }
  }

  try {
    const row = await createFeedback(client, userId, {
      ...input.value,
      screenshotPath,
      audioPath: null,
    });
    await deleteDraft(userId, url);
    void trackEvent(client, {
      name: 'submit_feedback',
      properties: {
        category: input.value.category,
        has_screenshot: screenshotPath !== null,
        has_audio: false,
      },
    });
    return {
      ok: true,
      feedbackId: row.id,
      pointsAwarded: row.points_awarded,
      createdAt: row.created_at,
    };
  } catch (error) {
    return { ok: false, failure: await failureOf(client, error, 'submit') };
  }
}
