// A hosted form's fields as the customer's browser posts them. The pages are public: anyone can
// post anything to them, so only text fields of a sane length count; anything else (a file, a
// field the length of a book, a body that is no form at all) is as if the field was left blank,
// and the domain's own validation answers it field by field.
const MAX_FIELD_LENGTH = 1000;

export async function readHostedForm(request: Request): Promise<Record<string, string | undefined>> {
  const form = await request.formData().catch(() => null);
  const fields: Record<string, string | undefined> = {};
  for (const [name, value] of form?.entries() ?? []) {
    if (typeof value === "string" && value.length <= MAX_FIELD_LENGTH && !(name in fields)) fields[name] = value;
  }
  return fields;
}
