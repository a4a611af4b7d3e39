import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

// The unit project shares modules between files, and a test below changes the key: each test
// reads the configuration again under its own.
beforeEach(() => {
  vi.stubEnv("CASHIER_ENCRYPTION_KEY", "c".repeat(64));
  vi.resetModules();
});
afterAll(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

const load = () => import("./known-device");
const now = new Date("2026-11-29T12:00:00Z");
const account = "a".repeat(64);

describe("known devices", () => {
  it("a cookie the gateway signed names its device for its account, for 90 days, and is renewed with the same id", async () => {
    const { issueKnownDevice, readKnownDevice } = await load();
    const device = issueKnownDevice(null, account, now);
    expect(device.expires.getTime() - now.getTime()).toBe(90 * 24 * 3600_000);
    expect(readKnownDevice(device.cookie, account, now)).toBe(device.id);
    expect(readKnownDevice(device.cookie, account, new Date(device.expires.getTime() - 1000))).toBe(device.id);
    expect(readKnownDevice(device.cookie, account, device.expires)).toBeNull();
    const renewed = issueKnownDevice(device.id, account, new Date(now.getTime() + 3600_000));
    expect(renewed.id).toBe(device.id);
    expect(renewed.expires.getTime()).toBeGreaterThan(device.expires.getTime());
    expect(issueKnownDevice(null, account, now).id).not.toBe(device.id);
  });

  it("a cookie of another account, altered, forged or signed under another key is a device never seen", async () => {
    const { issueKnownDevice, readKnownDevice } = await load();
    const device = issueKnownDevice(null, account, now);
    const [id, expires, mac] = device.cookie.split(".");
    expect(readKnownDevice(device.cookie, "b".repeat(64), now)).toBeNull();
    const later = String(Number(expires) + 365 * 24 * 3600);
    for (const cookie of [
      `${id}.${later}.${mac}`,
      `${"A".repeat(22)}.${expires}.${mac}`,
      `${id}.${expires}.${"0".repeat(64)}`,
      `${id}.${expires}`,
      `${device.cookie}.x`,
      "",
      undefined,
    ])
      expect(readKnownDevice(cookie, account, now)).toBeNull();
    vi.stubEnv("CASHIER_ENCRYPTION_KEY", "d".repeat(64));
    vi.resetModules();
    expect((await load()).readKnownDevice(device.cookie, account, now)).toBeNull();
  });
});
