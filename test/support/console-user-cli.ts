let count = 0;

/**
 * The arguments of `npm run cashier -- user create` for a new console user of the role, under an
 * e-mail no other test uses; the command prints the user and its one-time setup link.
 */
export function userCreateArguments(
  role: "operator" | "merchant-admin" | "merchant-viewer",
  merchantId?: string,
): { email: string; args: string[] } {
  const email = `${role}-${Date.now()}-${++count}@example.com`;
  return {
    email,
    args: ["user", "create", "--email", email, "--role", role, ...(merchantId ? ["--merchant", merchantId] : [])],
  };
}
