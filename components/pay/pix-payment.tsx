"use client";

import { useEffect, useState } from "react";
import type { Messages } from "@/lib/i18n/messages";
import { secondaryButton } from "./payment-shell";

function remaining(expiresAt: string): number {
  return Math.max(0, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000));
}

/**
 * The Pix step: the QR, the copy-and-paste code, the time left, and the deposit's status followed
 * live, so the page turns to paid when the bank settles and goes back to the shop.
 */
export function PixPayment(props: {
  t: Messages;
  qrCodeImage: string;
  qrCodeText: string;
  expiresAt: string;
  statusUrl: string;
  returnUrl: string | null;
}) {
  const { t } = props;
  const [secondsLeft, setSecondsLeft] = useState(() => remaining(props.expiresAt));
  const [isCopied, setIsCopied] = useState(false);
  const [isPaid, setIsPaid] = useState(false);

  useEffect(() => {
    const tick = setInterval(() => setSecondsLeft(remaining(props.expiresAt)), 1000);
    return () => clearInterval(tick);
  }, [props.expiresAt]);

  useEffect(() => {
    if (isPaid) return;
    const poll = setInterval(async () => {
      const response = await fetch(props.statusUrl, { cache: "no-store" }).catch(() => null);
      if (!response?.ok) return;
      const { state } = (await response.json()) as { state: string };
      if (state === "paid") {
        setIsPaid(true);
        if (props.returnUrl) setTimeout(() => window.location.assign(props.returnUrl as string), 1500);
      } else if (state !== "open") {
        window.location.reload();
      }
    }, 2000);
    return () => clearInterval(poll);
  }, [isPaid, props.statusUrl, props.returnUrl]);

  if (isPaid) {
    return (
      <section role="status" className="rounded-2xl border border-emerald-300 bg-emerald-50 p-5 text-center">
        <h1 className="text-2xl font-bold text-emerald-900">{t.paidConfirmed}</h1>
        {props.returnUrl && <p className="mt-2 text-emerald-900">{t.returning}</p>}
      </section>
    );
  }

  const minutes = Math.floor(secondsLeft / 60);
  const seconds = String(secondsLeft % 60).padStart(2, "0");
  return (
    <section aria-labelledby="pix-title" className="rounded-2xl border border-stone-200 bg-white p-5">
      <h1 id="pix-title" className="text-xl font-bold">
        {t.pixTitle}
      </h1>
      <p className="mt-1 text-stone-700">{t.pixIntro}</p>
      {/* eslint-disable-next-line @next/next/no-img-element -- a data URI: there is nothing for next/image to optimize */}
      <img src={props.qrCodeImage} alt={t.qrAlt} width={264} height={264} className="mx-auto mt-4 h-auto w-64" />
      <label htmlFor="pix-code" className="mt-4 block font-semibold">
        {t.pixCodeLabel}
      </label>
      <textarea
        id="pix-code"
        readOnly
        rows={3}
        value={props.qrCodeText}
        className="mt-1 w-full resize-none rounded-xl border-2 border-stone-300 bg-stone-50 p-3 font-mono text-xs break-all"
      />
      <button
        type="button"
        className={`${secondaryButton} mt-3`}
        onClick={async () => {
          await navigator.clipboard.writeText(props.qrCodeText).catch(() => undefined);
          setIsCopied(true);
        }}
      >
        {isCopied ? t.copied : t.copyCode}
      </button>
      <p className="mt-4 text-center text-stone-700" aria-live="off">
        {t.timeLeft}: <strong className="font-mono" data-testid="time-left">{`${minutes}:${seconds}`}</strong>
      </p>
      <p role="status" className="mt-1 text-center text-sm text-stone-600">
        {t.waiting}
      </p>
    </section>
  );
}
