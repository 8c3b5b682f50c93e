-- =============================================================================
-- JIT compilation off for the API roles. PostgreSQL JIT-compiles a plan whose
-- estimated cost passes jit_above_cost, and the estimate of a deeply nested
-- embedding (every round multiplies the fan-out) passes it even when the
-- query matches no row: a 15-round article → tags read spent 1.4 s compiling
-- 400 functions for a 5 ms query. API reads are short and many; none gains
-- from JIT, and an estimate any caller can inflate must not buy compile time.
-- Role settings apply to every request as PostgREST applies them (hosted
-- Supabase and the embedded backend alike), like the statement timeouts.
-- =============================================================================

alter role anon set jit = off;
alter role authenticated set jit = off;
