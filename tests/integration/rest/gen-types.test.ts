// generateTypes: the shape of `supabase gen types typescript` for the
// REST fixture, checked on the parts supabase-js's type inference reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTypes } from '../../../supabase/local/gen-types.ts';
import { startRest, type RestHarness } from './helpers.ts';

let h: RestHarness;
let out: string;
beforeAll(async () => {
  h = await startRest();
  out = await generateTypes(h.backend.ctx.db);
});
afterAll(async () => {
  await h.backend.stop();
});

const squash = (s: string) => s.replace(/\s+/g, ' ');

describe('generateTypes', () => {
  it('starts with Json and the Database type', () => {
    expect(out.startsWith('export type Json =\n  | string\n  | number')).toBe(
      true,
    );
    expect(squash(out)).toContain('export type Database = {');
    expect(squash(out)).toContain(
      '__InternalSupabase: { PostgrestVersion: "14.1" }',
    );
  });

  it('tables have Row, Insert, Update and Relationships', () => {
    const s = squash(out);
    expect(s).toContain(
      'best_friends: { Row: { first_user: string id: number second_user: string third_wheel: string | null } Insert: { first_user: string id?: number second_user: string third_wheel?: string | null } Update: { first_user?: string id?: number second_user?: string third_wheel?: string | null }',
    );
    expect(s).toContain(
      '{ foreignKeyName: "channel_details_id_fkey" columns: ["id"] isOneToOne: true referencedRelation: "channels" referencedColumns: ["id"] }',
    );
    expect(s).toContain(
      'status: Database["public"]["Enums"]["user_status"] | null',
    );
    expect(s).toContain('blurb_message: string | null');
  });

  it('views, functions, enums and the helper types', () => {
    const s = squash(out);
    expect(s).toContain('Views: { active_users: { Row: {');
    expect(s).toContain(
      'get_status: { Args: { name_param: string } Returns: Database["public"]["Enums"]["user_status"] }',
    );
    expect(s).toContain(
      'list_numbers: { Args: { n: number }; Returns: number[] }',
    );
    expect(s).toContain(
      'add_numbers: { Args: { a: number; b?: number }; Returns: number }',
    );
    expect(s).toContain(
      'SetofOptions: { from: "users" to: "messages" isOneToOne: false isSetofReturn: true }',
    );
    expect(s).toContain('Enums: { user_status: "ONLINE" | "OFFLINE" }');
    for (const helper of [
      'Tables',
      'TablesInsert',
      'TablesUpdate',
      'Enums',
      'CompositeTypes',
    ])
      expect(out).toContain(`export type ${helper}<`);
    expect(s).toContain(
      'export const Constants = { public: { Enums: { user_status: ["ONLINE", "OFFLINE"], }, }, } as const',
    );
  });
});
