// Where the Python client's spec finds a python3 with PyJWT (Debian's python3-jwt) and pip (which
// installs the client as a merchant would), apart from the spec so that npm test's summary can say
// when it will be skipped.
import { spawnSync } from "node:child_process";

/** Set by .ci/run, which installs python3-jwt: there a missing one fails instead of skipping. */
export const REQUIRE_PYTHON_VARIABLE = "CASHIER_REQUIRE_PYTHON_CLIENT";

/** Debian's own first: a python3 of pyenv or a virtualenv earlier on the PATH seldom has PyJWT. */
const candidates = ["/usr/bin/python3", "python3"];

/** The first python3 that imports PyJWT and pip, or null. */
export function findPython(): string | null {
  return (
    candidates.find((python) => spawnSync(python, ["-c", "import jwt, pip"], { stdio: "ignore" }).status === 0) ?? null
  );
}

/**
 * The python3 to test the client with, or null to skip it on a machine without PyJWT; where it is
 * required (CI), its absence fails instead of hiding behind a skip.
 */
export function pythonForClientTests(): string | null {
  const python = findPython();
  if (python === null && process.env[REQUIRE_PYTHON_VARIABLE] === "1") {
    throw new Error(
      `${REQUIRE_PYTHON_VARIABLE}=1 but no python3 imports jwt and pip: apt-get install python3-jwt python3-pip`,
    );
  }
  return python;
}
