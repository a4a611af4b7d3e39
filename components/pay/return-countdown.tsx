"use client";

import { useEffect, useState } from "react";

/** A visible countdown back to the shop, so the receipt can be read (and kept) before leaving. */
export function ReturnCountdown(props: { url: string; seconds: number; label: string; unit: string }) {
  const [left, setLeft] = useState(props.seconds);
  useEffect(() => {
    const tick = setInterval(() => setLeft((value) => Math.max(0, value - 1)), 1000);
    return () => clearInterval(tick);
  }, []);
  useEffect(() => {
    if (left === 0) window.location.assign(props.url);
  }, [left, props.url]);
  return (
    <p className="mt-3 text-center text-stone-700 dark:text-stone-300" data-testid="return-countdown">
      {props.label} <span className="tabular-nums">{left}</span> {props.unit}
    </p>
  );
}
