// A hosted payment as the releases before the stored-token migration (20261125002724) stored it:
// its merchant, and the deposit with its pay token in clear. SQL for a database migrated only
// that far, on either provider.
export function legacyDepositSql(payToken: string): string[] {
  return [
    `INSERT INTO "Merchant" ("id", "name", "mode", "redirectOrigins", "updatedAt")
     VALUES ('mer_legacy', 'Loja Antiga', 'sandbox', '["https://shop.example"]', CURRENT_TIMESTAMP)`,
    `INSERT INTO "Transaction" ("id", "merchantId", "operation", "reference", "status", "amountCents", "currency",
       "requestHash", "payToken", "provider", "successRedirectUrl", "failedRedirectUrl", "methodOpen", "expiresAt", "updatedAt")
     VALUES ('dep_legacy', 'mer_legacy', 'payment_initiation', 'antigo-1', 'pending', 1050, 'BRL', 'x', '${payToken}',
       'sandbox', 'https://shop.example/ok', 'https://shop.example/no', true, '2999-01-01T00:00:00.000Z', CURRENT_TIMESTAMP)`,
  ];
}
