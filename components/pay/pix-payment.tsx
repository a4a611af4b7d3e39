"use client";

import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { Messages } from "@/lib/i18n/messages";

function secondsUntil(expiresAt: string): number {
  return Math.max(0, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000));
}

/** The clipboard API, else the old select-and-copy; true only when the code really was copied. */
async function copyText(text: string, area: HTMLTextAreaElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // No clipboard API (older browsers, http), or permission refused.
  }
  if (!area) return false;
  area.focus();
  area.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  }
}

/**
 * The Pix step, phone first: the copy button at the top (paying from this phone means copy and
 * paste), the deadline and the time left, the steps, the name the bank will show; the QR behind
 * "Pagar com outro celular?" on phones and first on wide screens. The status is followed live and
 * checked again the moment the customer comes back from the bank's app; once it changes the page
 * at doneUrl says how it ended (the receipt, or why not).
 */
export function PixPayment(props: {
  t: Messages;
  qrCodeImage: string;
  qrCodeText: string;
  expiresAt: string;
  /** "14:32", Brasília time, written by the server. */
  deadline: string;
  receiverName: string;
  statusUrl: string;
  doneUrl: string;
}) {
  const { t, statusUrl, doneUrl } = props;
  const [secondsLeft, setSecondsLeft] = useState(() => secondsUntil(props.expiresAt));
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  const area = useRef<HTMLTextAreaElement>(null);
  const toastTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    const tick = setInterval(() => {
      const left = secondsUntil(props.expiresAt);
      setSecondsLeft(left);
      if (left === 0) window.location.replace(doneUrl);
    }, 1000);
    return () => clearInterval(tick);
  }, [props.expiresAt, doneUrl]);

  useEffect(() => {
    let isLeaving = false;
    const check = async () => {
      if (isLeaving) return;
      const response = await fetch(statusUrl, { cache: "no-store" }).catch(() => null);
      if (!response?.ok) return;
      const { state } = (await response.json()) as { state: string };
      if (state !== "open" && !isLeaving) {
        isLeaving = true;
        window.location.replace(doneUrl);
      }
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") void check();
    };
    const poll = setInterval(check, 2000);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      clearInterval(poll);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [statusUrl, doneUrl]);

  useEffect(() => () => clearTimeout(toastTimer.current), []);

  const minutes = Math.floor(secondsLeft / 60);
  const seconds = String(secondsLeft % 60).padStart(2, "0");
  const qr = (
    // eslint-disable-next-line @next/next/no-img-element -- a data URI: there is nothing for next/image to optimize
    <img src={props.qrCodeImage} alt={t.qrAlt} width={280} height={280} className="mx-auto size-[280px] rounded-lg bg-white p-2 [image-rendering:pixelated]" />
  );
  return (
    <Card aria-labelledby="pix-title" className="flex flex-col gap-4">
      <div className="hidden sm:block">{qr}</div>
      <div>
        <h1 id="pix-title" className="text-xl font-bold">
          {t.pixTitle}
        </h1>
        <p className="mt-1 text-lg" suppressHydrationWarning>
          {t.payUntil} <strong>{props.deadline}</strong> ·{" "}
          <span className="sr-only">{t.countdownLabel}: </span>
          <strong className="font-mono tabular-nums" data-testid="time-left" suppressHydrationWarning>{`${minutes}:${seconds}`}</strong>
        </p>
      </div>
      <Button
        onClick={async () => {
          const isCopied = await copyText(props.qrCodeText, area.current);
          setCopy(isCopied ? "copied" : "failed");
          clearTimeout(toastTimer.current);
          if (isCopied) toastTimer.current = setTimeout(() => setCopy("idle"), 5000);
        }}
      >
        {t.copyPixCode}
      </Button>
      {copy === "failed" && (
        <Alert tone="warning" role="alert" data-testid="copy-fallback">
          {t.copyFailed}
        </Alert>
      )}
      <ol className="list-decimal space-y-1 pl-6 text-stone-800 dark:text-stone-200">
        {t.pixSteps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className="text-stone-800 dark:text-stone-200">
        {t.bankShows} <strong data-testid="receiver-name">{props.receiverName}</strong>.
      </p>
      <div>
        <label htmlFor="pix-code" className="block font-semibold">
          {t.pixCodeLabel}
        </label>
        <textarea
          id="pix-code"
          ref={area}
          readOnly
          rows={3}
          value={props.qrCodeText}
          className="mt-1 w-full resize-none rounded-xl border-2 border-stone-400 bg-stone-50 p-3 font-mono text-base break-all dark:border-stone-500 dark:bg-stone-950"
        />
      </div>
      <details className="sm:hidden">
        <summary className="flex min-h-14 cursor-pointer items-center font-semibold underline">{t.otherPhone}</summary>
        <p className="mb-3 text-stone-800 dark:text-stone-200">{t.qrHint}</p>
        {qr}
      </details>
      <p className="text-center text-stone-700 dark:text-stone-300">{t.waiting}</p>
      <div
        role="status"
        className={`fixed inset-x-4 bottom-4 mx-auto max-w-sm rounded-xl bg-stone-900 px-4 py-3 text-center font-semibold text-white shadow-lg dark:bg-stone-100 dark:text-stone-900 ${copy === "copied" ? "" : "sr-only"}`}
      >
        {copy === "copied" ? t.copiedToast : ""}
      </div>
    </Card>
  );
}
