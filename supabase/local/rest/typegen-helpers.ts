// The helper types every `supabase gen types typescript` output ends with.

const DB = 'DatabaseWithoutInternals';

function lookup(
  helper: string,
  param: string,
  keys: string,
  kind: string,
  infer?: string,
): string {
  const optionSchema = `${DB}[${param}["schema"]]`;
  const pick = (base: string, name: string) =>
    infer
      ? `${base}[${name}] extends { ${infer}: infer ${infer[0]} } ? ${infer[0]} : never`
      : `${base}[${name}]`;
  const namesOf = (base: string) =>
    kind === 'TablesAndViews'
      ? `keyof (${base}["Tables"] & ${base}["Views"])`
      : `keyof ${base}["${kind}"]`;
  const rowsOf = (base: string) =>
    kind === 'TablesAndViews'
      ? `(${base}["Tables"] & ${base}["Views"])`
      : `${base}["${kind}"]`;
  return `export type ${helper}<
  ${param} extends
    | ${namesOf('DefaultSchema')}
    | { schema: keyof ${DB} },
  ${keys} extends ${param} extends {
    schema: keyof ${DB}
  }
    ? ${namesOf(optionSchema)}
    : never = never,
> = ${param} extends { schema: keyof ${DB} }
  ? ${pick(rowsOf(optionSchema), keys)}
  : ${param} extends ${namesOf('DefaultSchema')}
    ? ${pick(rowsOf('DefaultSchema'), param)}
    : never
`;
}

export const TYPEGEN_HELPERS = `
type ${DB} = Omit<Database, "__InternalSupabase">

type DefaultSchema = ${DB}[Extract<keyof Database, "public">]

${lookup('Tables', 'DefaultSchemaTableNameOrOptions', 'TableName', 'TablesAndViews', 'Row')}
${lookup('TablesInsert', 'DefaultSchemaTableNameOrOptions', 'TableName', 'Tables', 'Insert')}
${lookup('TablesUpdate', 'DefaultSchemaTableNameOrOptions', 'TableName', 'Tables', 'Update')}
${lookup('Enums', 'DefaultSchemaEnumNameOrOptions', 'EnumName', 'Enums')}
${lookup('CompositeTypes', 'PublicCompositeTypeNameOrOptions', 'CompositeTypeName', 'CompositeTypes')}
`;
