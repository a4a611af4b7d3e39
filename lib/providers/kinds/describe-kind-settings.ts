// A kind's settings as `provider add` takes them, for the CLI's usage and the console's example
// command: read from the kinds' declarations, so a new kind is described without an edit here.
import type { KindSettingField, ProviderKind } from "../contract/provider-kind";
import { PROVIDER_KINDS } from "./provider-kinds";

const flagOf = (field: KindSettingField) =>
  field.from === "stdin" ? `--${field.flag}` : `--${field.flag} ${field.placeholder}`;

/** The kinds that take the same settings, together: one description serves them all. */
export function groupKindsBySettings(kinds: readonly ProviderKind[] = PROVIDER_KINDS): ProviderKind[][] {
  const groups = new Map<ProviderKind["fields"], ProviderKind[]>();
  for (const kind of kinds) groups.set(kind.fields, [...(groups.get(kind.fields) ?? []), kind]);
  return [...groups.values()];
}

/**
 * The flags of a kind's settings: every one (the optional in brackets), or only those an account
 * cannot go without and the secrets read from standard input, for an example to start from.
 */
export function describeKindSettings(kind: ProviderKind, which: "all" | "essential"): string[] {
  return Object.values(kind.fields)
    .filter((field) => which === "all" || field.isRequired || field.from === "stdin")
    .map((field) => (field.isRequired || which === "essential" ? flagOf(field) : `[${flagOf(field)}]`));
}
