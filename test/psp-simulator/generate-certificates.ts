// Certificates for mutual TLS between the gateway and the PSP simulator, made fresh with the
// openssl CLI: one CA, a server certificate for 127.0.0.1 and localhost, and the gateway's client
// certificate. Nothing here is a secret: they live in a temporary directory for one run.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export type PspCertificates = {
  dir: string;
  caFile: string;
  serverCertFile: string;
  serverKeyFile: string;
  /** The gateway's side: PIX_PSP_CERT_FILE and PIX_PSP_KEY_FILE. */
  clientCertFile: string;
  clientKeyFile: string;
};

function openssl(dir: string, args: string[]): void {
  execFileSync("openssl", args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
}

function issue(dir: string, name: string, subject: string, extensions: string): void {
  openssl(dir, [
    "req",
    "-new",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:prime256v1",
    "-nodes",
    "-keyout",
    `${name}.key`,
    "-out",
    `${name}.csr`,
    "-subj",
    subject,
  ]);
  writeFileSync(path.join(dir, `${name}.ext`), extensions);
  openssl(dir, [
    "x509",
    "-req",
    "-in",
    `${name}.csr`,
    "-CA",
    "ca.pem",
    "-CAkey",
    "ca.key",
    "-CAcreateserial",
    "-days",
    "2",
    "-sha256",
    "-extfile",
    `${name}.ext`,
    "-out",
    `${name}.pem`,
  ]);
}

export function generateCertificates(
  dir: string = mkdtempSync(path.join(tmpdir(), "psp-simulator-")),
): PspCertificates {
  openssl(dir, [
    "req",
    "-x509",
    "-newkey",
    "ec",
    "-pkeyopt",
    "ec_paramgen_curve:prime256v1",
    "-nodes",
    "-keyout",
    "ca.key",
    "-out",
    "ca.pem",
    "-days",
    "2",
    "-sha256",
    "-subj",
    "/CN=Cashier PSP simulator CA",
    "-addext",
    "basicConstraints=critical,CA:TRUE",
    "-addext",
    "keyUsage=critical,keyCertSign,cRLSign",
  ]);
  issue(dir, "server", "/CN=localhost", "subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n");
  issue(dir, "client", "/CN=cashier-gateway", "extendedKeyUsage=clientAuth\n");
  return {
    dir,
    caFile: path.join(dir, "ca.pem"),
    serverCertFile: path.join(dir, "server.pem"),
    serverKeyFile: path.join(dir, "server.key"),
    clientCertFile: path.join(dir, "client.pem"),
    clientKeyFile: path.join(dir, "client.key"),
  };
}
