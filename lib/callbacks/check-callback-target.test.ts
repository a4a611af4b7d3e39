import { describe, expect, it } from "vitest";
import { type Resolver, checkCallbackTarget } from "./check-callback-target";

const production = { allowPrivate: false, requireHttps: true };
const resolveTo =
  (...addresses: string[]): Resolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
const noLookups: Resolver = async (hostname) => {
  throw new Error(`an IP literal must not be looked up (${hostname})`);
};

describe("checkCallbackTarget in production", () => {
  it.each([
    ["https://127.0.0.1/cb", "loopback"],
    ["https://[::1]/cb", "loopback"],
    ["https://10.0.0.1/cb", "private"],
    ["https://172.16.5.4/cb", "private"],
    ["https://192.168.0.10/cb", "private"],
    ["https://169.254.169.254/latest/meta-data", "linkLocal"],
    ["https://100.64.0.1/cb", "carrierGradeNat"],
    ["https://224.0.0.1/cb", "multicast"],
    ["https://0.0.0.0/cb", "unspecified"],
    ["https://[fc00::1]/cb", "uniqueLocal"],
    ["https://[fe80::1]/cb", "linkLocal"],
    ["https://[::ffff:10.0.0.1]/cb", "private"],
    ["https://[::ffff:127.0.0.1]/cb", "loopback"],
    ["https://[::127.0.0.1]/cb", "ipv4Compatible"],
    ["https://[::169.254.169.254]/cb", "ipv4Compatible"],
    ["https://0x7f000001/cb", "loopback"],
    ["https://2130706433/cb", "loopback"],
    ["https://017700000001/cb", "loopback"],
  ])("refuses %s (%s)", async (url, range) => {
    const target = await checkCallbackTarget(url, { ...production, resolve: noLookups });
    expect(target).toMatchObject({ isAllowed: false, code: "address_not_public" });
    expect((target as { reason: string }).reason).toContain(`(${range})`);
  });

  it("refuses a name when any of its addresses is an IPv4-compatible IPv6 one", async () => {
    const target = await checkCallbackTarget("https://shop.example/cb", {
      ...production,
      resolve: resolveTo("::7f00:1"),
    });
    expect(target).toMatchObject({ isAllowed: false, code: "address_not_public" });
  });

  it("refuses a local name without looking it up", async () => {
    expect(await checkCallbackTarget("https://localhost/cb", { ...production, resolve: noLookups })).toMatchObject({
      isAllowed: false,
      code: "address_not_public",
    });
  });

  it("refuses a name when any of its addresses is private, and names the address", async () => {
    const target = await checkCallbackTarget("https://shop.example/cb", {
      ...production,
      resolve: resolveTo("8.8.4.4", "10.1.2.3"),
    });
    expect(target).toEqual({
      isAllowed: false,
      code: "address_not_public",
      reason: "refused: shop.example resolves to 10.1.2.3 (private), not a public address",
    });
  });

  it("pins a public name to the address it checked", async () => {
    const target = await checkCallbackTarget("https://shop.example:8443/cb", {
      ...production,
      resolve: resolveTo("8.8.8.8"),
    });
    expect(target).toMatchObject({ isAllowed: true, address: "8.8.8.8", family: 4 });
  });

  it("requires https", async () => {
    const target = await checkCallbackTarget("http://shop.example/cb", {
      ...production,
      resolve: resolveTo("8.8.8.8"),
    });
    expect(target).toEqual({ isAllowed: false, code: "scheme_not_allowed", reason: "callback URL must use https" });
  });

  it("reports a name that does not resolve", async () => {
    const failing: Resolver = async () => {
      throw Object.assign(new Error("nope"), { code: "ENOTFOUND" });
    };
    expect(await checkCallbackTarget("https://nowhere.invalid/", { ...production, resolve: failing })).toEqual({
      isAllowed: false,
      code: "host_unresolved",
      reason: "cannot resolve nowhere.invalid: ENOTFOUND",
    });
  });
});

describe("checkCallbackTarget outside production", () => {
  it("allows loopback and plain http", async () => {
    const target = await checkCallbackTarget("http://127.0.0.1:4000/cb", { allowPrivate: true, requireHttps: false });
    expect(target).toMatchObject({ isAllowed: true, address: "127.0.0.1" });
  });

  it("still refuses what is not http(s)", async () => {
    expect(await checkCallbackTarget("ftp://127.0.0.1/cb", { allowPrivate: true, requireHttps: false })).toMatchObject({
      isAllowed: false,
    });
  });
});
