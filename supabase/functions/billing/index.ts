// Deno entry of billing on the Supabase edge runtime.
import { handler } from './handler.ts';

Deno.serve((req: Request) =>
  handler(req, Deno.env.toObject() as Record<string, string>),
);
