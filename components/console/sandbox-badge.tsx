import { Badge } from "../ui/badge";

/** Test money: on a sandbox merchant's header and its transactions, so no one takes them for real. */
export function SandboxBadge({ label, className }: { label: string; className?: string }) {
  return (
    <Badge tone="warning" data-testid="sandbox-badge" className={className}>
      {label}
    </Badge>
  );
}
