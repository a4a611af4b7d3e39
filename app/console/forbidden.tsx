import { RefusalPage } from "@/components/console/refusal-page";

// A console page the signed-in user's role may not open (forbidden() from lib/console/refuse-page): 403.
export default function ConsoleForbidden() {
  return <RefusalPage kind="forbidden" />;
}
