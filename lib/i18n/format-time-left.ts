/** Seconds as a countdown reads them, "29:56": the Pix screen's, written by the server and ticked by its script. */
export function formatTimeLeft(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
