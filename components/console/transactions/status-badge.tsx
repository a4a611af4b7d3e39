import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { TransactionsMessages } from "@/lib/i18n/console-transactions";

const tones: Record<string, BadgeTone> = {
  paid: "success",
  completed: "success",
  delivered: "success",
  succeeded: "success",
  pending: "warning",
  processing: "warning",
  in_flight: "warning",
  failed: "error",
  canceled: "error",
  interrupted: "error",
  expired: "neutral",
  refunded: "neutral",
  partially_refunded: "neutral",
};

/** A transaction's, callback's or attempt's state in words, coloured by what it means for the money. */
export function StatusBadge(props: { t: TransactionsMessages; status: string }) {
  const label = props.t.statuses[props.status] ?? props.t.attemptStates[props.status] ?? props.status;
  return (
    <Badge tone={tones[props.status] ?? "neutral"} data-status={props.status}>
      {label}
    </Badge>
  );
}
