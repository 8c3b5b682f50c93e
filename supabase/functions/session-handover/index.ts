// Deno entry of session-handover on the Supabase edge runtime.
import { handler } from './handler.ts';

Deno.serve((req: Request) => handler(req, Deno.env.toObject()));
