// Deno entry of process-feedback on the Supabase edge runtime. The npm
// packages of the offline pipeline resolve through ./deno.json.
import { handler } from './handler.ts';

Deno.serve((req: Request) => handler(req, Deno.env.toObject()));
