import { useEffect, useRef, useState } from 'react';
import { toast } from '@web/lib/toast';
import { mediaExtension } from '@shared/domain/validation/files';
import { Button } from '@web/components/ui/button';

/** Longest voice note, so a forgotten recording stays under 10 MB. */
const MAX_SECONDS = 300;

/**
 * Records a voice note with the browser's MediaRecorder, an alternative to
 * choosing an audio file. Hidden where recording is unsupported.
 */
export function AudioRecorder({
  onRecorded,
}: {
  onRecorded: (blob: Blob, name: string) => void;
}) {
  const [recording, setRecording] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);

  useEffect(() => {
    if (!recording) return;
    const t = setInterval(() => setSeconds((s) => s + 1), 1000);
    return () => clearInterval(t);
  }, [recording]);

  useEffect(() => {
    if (seconds >= MAX_SECONDS) recorder.current?.stop();
  }, [seconds]);

  useEffect(() => () => recorder.current?.stop(), []);

  if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices) {
    return null;
  }

  async function start() {
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      toast.error('Microphone unavailable', {
        description: 'Allow microphone access to record a voice note.',
      });
      return;
    }
    const type = MediaRecorder.isTypeSupported('audio/webm')
      ? 'audio/webm'
      : '';
    const rec = new MediaRecorder(stream, type ? { mimeType: type } : {});
    const chunks: Blob[] = [];
    rec.ondataavailable = (e) => e.data.size > 0 && chunks.push(e.data);
    rec.onstop = () => {
      stream.getTracks().forEach((t) => t.stop());
      setRecording(false);
      recorder.current = null;
      const blob = new Blob(chunks, { type: rec.mimeType || 'audio/webm' });
      // Firefox records Ogg, Safari MP4: the name follows the real type.
      const name = `voice-note.${mediaExtension(blob.type)}`;
      if (blob.size > 0) onRecorded(blob, name);
    };
    recorder.current = rec;
    rec.start();
    setSeconds(0);
    setRecording(true);
  }

  return recording ? (
    <Button variant="danger" size="sm" onClick={() => recorder.current?.stop()}>
      <span
        aria-hidden="true"
        className="size-2 animate-pulse rounded-full bg-white"
      />
      Stop ({Math.floor(seconds / 60)}:{String(seconds % 60).padStart(2, '0')})
    </Button>
  ) : (
    <Button variant="secondary" size="sm" onClick={start}>
      🎙️ Record
    </Button>
  );
}
