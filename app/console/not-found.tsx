import { RefusalPage } from "@/components/console/refusal-page";

// Inside the console, a 404 in the console's frame: another merchant's id is answered as this.
export default function ConsoleNotFound() {
  return <RefusalPage kind="notFound" />;
}
