// The kinds of provider account an operator can store, collected from their folders: the one list
// that names them. The accounts schema, the CLI's help and checks, the console and the registry
// read kinds from here. The sandbox is built in, never stored.
import { apiPixKind } from "../api-pix/kind";
import type { ProviderKind } from "../contract/provider-kind";
import { efiKind } from "../efi/kind";

export const PROVIDER_KINDS: readonly ProviderKind[] = [apiPixKind, efiKind];

/** The kind named, among these kinds; undefined for a name none has. */
export function findProviderKind(name: string, kinds: readonly ProviderKind[] = PROVIDER_KINDS) {
  return kinds.find((kind) => kind.kind === name);
}
