import type { DisputeRowView } from "@/lib/console-disputes/dispute-row-view";
import type { DisputesMessages } from "@/lib/i18n/console-disputes";
import { Badge } from "../../ui/badge";

/** A dispute's status in words, coloured by what it means for the merchant's money. */
export function DisputeStatusBadge(props: { status: string; view: DisputeRowView; words: DisputesMessages }) {
  return (
    <Badge tone={props.view.tone} data-status={props.status}>
      {props.words.statuses[props.status] ?? props.status}
    </Badge>
  );
}

/** Its deadline, and beside it the warning when it is within a day (or past) with no answer. */
export function DisputeDeadline(props: { at: string; view: DisputeRowView; words: DisputesMessages }) {
  const { view, words } = props;
  return (
    <>
      <span className="tabular-nums">{props.at}</span>
      {view.deadline && (
        <span
          className="mt-1 block rounded-lg bg-red-50 px-2 py-1 text-sm font-semibold text-red-900"
          data-testid="deadline-warning"
        >
          {view.deadline === "near" ? words.deadlineNear : words.deadlinePassed}
        </span>
      )}
    </>
  );
}

/** What it holds of the balance now, or what became of it. */
export function DisputeHeld(props: {
  view: DisputeRowView;
  words: DisputesMessages;
  format: (cents: bigint) => string;
}) {
  const { held } = props.view;
  if (held.kind === "holding") return <>{props.format(held.cents)}</>;
  if (held.kind === "released") return <>{props.words.heldReleased}</>;
  if (held.kind === "returned") return <>{props.words.heldReturned}</>;
  return <>{props.format(0n)}</>;
}
