// Generated from the gateway's decoded OpenAPI document (GET /openapi.decoded.json) by
// `npm run clients:types`; do not edit. scripts/client-types.test.ts fails when it is stale.
export interface paths {
    "/api/pix": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A Pix deposit: its BR Code and QR image for your own page
         * @description The same reference with the same data answers 200 with the original answer; with other data 409 reference_conflict. deposit.paid, deposit.failed or deposit.expired follows.
         */
        post: operations["pix"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payment-initiation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A deposit paid from a bank account at a unique hosted URL
         * @description Pix on-page's data plus the two redirect URLs. The customer pays at paymentInitiationUrl and returns to one of your URLs; deposit.paid or deposit.failed follows.
         */
        post: operations["paymentInitiation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/gateway-out": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A payout to the customer by Pix key or bank account
         * @description For pix a pix_key equal to cpf; for a bank branch, account and account_type. 422 insufficient_funds when your available balance is short. gateway_out.completed or gateway_out.canceled follows.
         */
        post: operations["gatewayOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A deposit's, payout's or refund's current status
         * @description Send exactly one of id, transfer_id or reference; only your own transactions are found (404 not_found otherwise).
         */
        post: operations["status"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A refund of a paid deposit, whole or partial
         * @description Refunds of one deposit add up to its paid amount at most (422 on amount says how much is left); the amount is held from your available funds until the outcome (422 insufficient_funds when short); a deposit that is not paid is a 409. refund.completed or refund.failed follows. The same request again answers 200 with the same refund.
         */
        post: operations["refund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sandbox/simulate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Move your sandbox deposit or payout to a final state (sandbox keys only)
         * @description A live key gets 403 sandbox_only. The callback of the new status follows, as for a real one.
         */
        post: operations["sandboxSimulate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/callbacks/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test callback to your callback URL now (sandbox keys only)
         * @description A signed callback of type test; the answer is the attempt as the gateway saw it. Nothing is stored or retried. A live key gets 403 sandbox_only.
         */
        post: operations["callbacksTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Your money in your key's mode: available, reserved and pending
         * @description The sums the console's balance page shows. Sandbox and live money are never added together: a key sees its own mode's.
         */
        post: operations["balance"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Your deposits, payouts and refunds, newest first, a page at a time
         * @description The console's list, for your key's mode: filter by type, status, reference and days (from, to); page with next_cursor (as after) and previous_cursor (as before). A bad filter or cursor is a 422 naming it.
         */
        post: operations["transactions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Your callback events with every delivery attempt, newest first, a page at a time
         * @description Each event's payload is the data its callbacks carried; its attempts say what your endpoint answered. Filter by status, type or the transaction it reports; page as /api/transactions.
         */
        post: operations["events"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send one of your callback events again
         * @description The same event_id and payload, queued from the start of the retry schedule, whether it was delivered or failed; earlier attempts stay on record and the audit log names your key. Another merchant's event, or one of the other mode, is 404 not_found.
         */
        post: operations["eventsResend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events/forwarded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record that your forwarder posted one of your callback events to your machine
         * @description What `npm run listen -- --forward-to` reports after each event it brings to a URL on your machine: the event's attempts then show one in state forwarded, with what answered there. The event's delivery to your callback URL is not changed. Another merchant's event, or one of the other mode, is 404 not_found; an event with 50 forwarded attempts recorded already, 409 state_conflict.
         */
        post: operations["eventsForwarded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/disputes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Your disputes (MED infractions against your deposits' Pix), newest first, a page at a time
         * @description A payer who says a Pix was fraud opens an infraction at their bank; the gateway finds it at the PSP, holds the amount from your balance and sends dispute.opened. Answer each before respond_by with /api/disputes/respond. Filter by status or deposit; page as /api/transactions.
         */
        post: operations["disputes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/disputes/respond": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Answer a dispute, once: accept the payer's claim or contest it
         * @description Sent to the PSP at once; the answer is the dispute as it stands after (answered while the PSP decides; a sandbox dispute is decided at once: contest wins, accept loses). A second answer is 409 state_conflict. 503 provider_unavailable keeps your answer: send the same one again. Its outcome comes as dispute.closed.
         */
        post: operations["disputesRespond"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/direct/{keyId}/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Gateway In: send your customer to the hosted cashier with the deposit's data in a signed token
         * @description Opening the address creates the deposit once per reference and sends the customer (303) to its hosted page, in Portuguese (English by ?lang=en or the browser): a reload or a second click leads to the same payment. A token that cannot be accepted is a page in the customer's language with the reason and, when the token is yours, the way back to your return_url. The customer comes back to your return_url (by its link, or on their own after the receipt) with the outcome appended to its query, yours kept: status=paid, failed (the deposit ended unpaid: failed or expired) or canceled (the customer left while it was still open: it may yet be paid or expire), and deposit_id. Use them to choose the page you show, never to deliver the order: anyone can type that address, so trust only the signed callback or POST /api/status.
         */
        get: operations["gatewayIn"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "deposit.paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The deposit.paid callback, to your callback URL */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["Callback_deposit_paid"];
                };
            };
            responses: {
                /** @description Delivered; any other answer, or none within the timeout, is retried with the same event_id */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "deposit.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The deposit.failed callback, to your callback URL */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["Callback_deposit_failed"];
                };
            };
            responses: {
                /** @description Delivered; any other answer, or none within the timeout, is retried with the same event_id */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "deposit.expired": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The deposit.expired callback, to your callback URL */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["Callback_deposit_expired"];
                };
            };
            responses: {
                /** @description Delivered; any other answer, or none within the timeout, is retried with the same event_id */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "gateway_out.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The gateway_out.completed callback, to your callback URL */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["Callback_gateway_out_completed"];
                };
            };
            responses: {
                /** @description Delivered; any other answer, or none within the timeout, is retried with the same event_id */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "gateway_out.canceled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The gateway_out.canceled callback, to your callback URL */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["Callback_gateway_out_canceled"];
                };
            };
            responses: {
                /** @description Delivered; any other answer, or none within the timeout, is retried with the same event_id */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "refund.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The refund.completed callback, to your callback URL */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["Callback_refund_completed"];
                };
            };
            responses: {
                /** @description Delivered; any other answer, or none within the timeout, is retried with the same event_id */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "refund.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The refund.failed callback, to your callback URL */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["Callback_refund_failed"];
                };
            };
            responses: {
                /** @description Delivered; any other answer, or none within the timeout, is retried with the same event_id */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "dispute.opened": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The dispute.opened callback, to your callback URL */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["Callback_dispute_opened"];
                };
            };
            responses: {
                /** @description Delivered; any other answer, or none within the timeout, is retried with the same event_id */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "dispute.closed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The dispute.closed callback, to your callback URL */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["Callback_dispute_closed"];
                };
            };
            responses: {
                /** @description Delivered; any other answer, or none within the timeout, is retried with the same event_id */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    test: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The test callback, to your callback URL */
        post: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["Callback_test"];
                };
            };
            responses: {
                /** @description Delivered; any other answer, or none within the timeout, is retried with the same event_id */
                "2XX": {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /**
         * @description | code | HTTP | title |
         *     |---|---|---|
         *     | body_too_large | 413 | Request body too large |
         *     | unsupported_media_type | 415 | Unsupported content type |
         *     | token_missing | 400 | No token in the request |
         *     | token_malformed | 400 | Malformed token |
         *     | algorithm_not_allowed | 401 | Signing algorithm not allowed |
         *     | key_missing | 401 | No key id in the token |
         *     | key_unknown | 401 | Unknown key |
         *     | key_revoked | 401 | Key revoked |
         *     | signature_invalid | 401 | Signature does not match |
         *     | token_expired | 401 | Token expired |
         *     | token_not_yet_valid | 401 | Token issued in the future |
         *     | token_lifetime_too_long | 400 | Token lifetime too long |
         *     | claims_invalid | 400 | Invalid claims |
         *     | token_type_not_allowed | 400 | Token type not allowed as a request |
         *     | issuer_invalid | 401 | Issuer does not match the key's merchant |
         *     | audience_invalid | 401 | Audience is not this gateway |
         *     | jti_replayed | 409 | Token already used |
         *     | path_malformed | 400 | Malformed path |
         *     | method_not_allowed | 405 | Method not allowed |
         *     | origin_not_allowed | 403 | Cross-origin form not allowed |
         *     | action_malformed | 400 | Malformed action call |
         *     | form_malformed | 400 | Malformed multipart form |
         *     | rate_limited | 429 | Too many requests |
         *     | validation_failed | 422 | Invalid request data |
         *     | not_found | 404 | Not found |
         *     | reference_conflict | 409 | Reference already used with other data |
         *     | state_conflict | 409 | Transaction cannot change state |
         *     | insufficient_funds | 422 | Insufficient funds |
         *     | sandbox_only | 403 | Sandbox keys only |
         *     | provider_error | 502 | Payment provider refused the request |
         *     | provider_unavailable | 503 | Payment provider unavailable |
         *     | service_unavailable | 503 | Service temporarily unavailable |
         *     | provider_mismatch | 502 | Payment provider answered another charge |
         *     | webhook_unauthorized | 401 | Unauthorized |
         *     | invalid_argument | 400 | Invalid argument |
         *     | forbidden | 403 | Not allowed for this role |
         *     | internal_error | 500 | Internal error |
         * @enum {string}
         */
        ErrorCode: "body_too_large" | "unsupported_media_type" | "token_missing" | "token_malformed" | "algorithm_not_allowed" | "key_missing" | "key_unknown" | "key_revoked" | "signature_invalid" | "token_expired" | "token_not_yet_valid" | "token_lifetime_too_long" | "claims_invalid" | "token_type_not_allowed" | "issuer_invalid" | "audience_invalid" | "jti_replayed" | "path_malformed" | "method_not_allowed" | "origin_not_allowed" | "action_malformed" | "form_malformed" | "rate_limited" | "validation_failed" | "not_found" | "reference_conflict" | "state_conflict" | "insufficient_funds" | "sandbox_only" | "provider_error" | "provider_unavailable" | "service_unavailable" | "provider_mismatch" | "webhook_unauthorized" | "invalid_argument" | "forbidden" | "internal_error";
        ErrorData: {
            /**
             * @description What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
             * @example [
             *       "unknown field \"colour\" was ignored"
             *     ]
             */
            warnings?: string[];
            error: {
                type: components["schemas"]["ErrorCode"];
                title: string;
                /** @description What to fix, for your developer */
                detail: string;
                /** @description For invalid data: each field and why */
                fields?: {
                    path: string;
                    message: string;
                }[];
            };
        };
        Problem: {
            /**
             * @description Where the code is explained: /docs/errors with the code as its anchor
             * @example /docs/errors#signature_invalid
             */
            type: string;
            title: string;
            status: number;
            detail?: string;
            code: components["schemas"]["ErrorCode"];
            /** @description A 500's opaque id (err_…): quote it to support */
            id?: string;
        };
        /**
         * @description The data claim of Gateway In's token
         * @example {
         *       "name": "Maria da Silva",
         *       "email": "maria@example.com",
         *       "cpf": "529.982.247-25",
         *       "amount": "10.50",
         *       "currency": "BRL",
         *       "merchant_user": "user-42",
         *       "country": "BR",
         *       "reference": "order-1003",
         *       "paymentMethod": "pix",
         *       "return_url": "https://shop.example.com/back"
         *     }
         */
        GatewayInData: {
            /**
             * @description The customer's full name, required and valid: shown locked
             * @example Maria da Silva
             */
            name: string;
            /**
             * @description The customer's e-mail, required and valid: shown locked
             * @example maria@example.com
             */
            email: string;
            /** @description The customer's CPF, required and valid: 11 digits, optionally as 123.456.789-09 */
            cpf: string;
            /**
             * @description pix or the customer's bank (optional: absent, the customer picks)
             * @example pix
             * @enum {string}
             */
            paymentMethod?: "banco-do-brasil" | "bradesco" | "caixa" | "santander" | "pix";
            /**
             * @description In reais (optional: absent, the customer types it)
             * @example 10.50
             */
            amount?: string | number;
            /**
             * @description BRL, the only currency; absent means BRL
             * @constant
             */
            currency?: "BRL";
            /**
             * @description Your unique id for this transaction; the same reference with the same data replays
             * @example order-1001
             */
            reference: string;
            /**
             * @description Your id for the customer
             * @example user-42
             */
            merchant_user: string;
            /**
             * @description BR, the only country
             * @constant
             */
            country: "BR";
            /**
             * @description Where the customer goes back to (optional): an absolute https URL within your registered origins. Its query gets status (paid, failed or canceled) and deposit_id, a hint for your page: trust only the signed callback or POST /api/status
             * @example https://shop.example.com/back
             */
            return_url?: string;
            /**
             * @description What the order is: a product, plan or brand of yours, shown under your name on the hosted pages (optional)
             * @example Assinatura Premium
             */
            brand?: string;
            /**
             * @description The customer's phone (optional, free text)
             * @example +55 11 91234-5678
             */
            phone?: string;
        };
        /**
         * @example {
         *       "name": "Maria da Silva",
         *       "email": "maria@example.com",
         *       "cpf": "529.982.247-25",
         *       "amount": "10.50",
         *       "currency": "BRL",
         *       "merchant_user": "user-42",
         *       "country": "BR",
         *       "buyer_ip": "203.0.113.7",
         *       "reference": "order-1001"
         *     }
         */
        PixRequest: {
            /**
             * @description The customer's full name; absent, blank or invalid is kept, flagged and asked again on the hosted form
             * @example Maria da Silva
             */
            name?: string;
            /**
             * @description The customer's e-mail; absent, blank or invalid is kept and flagged
             * @example maria@example.com
             */
            email?: string;
            /**
             * @description The customer's CPF: 11 digits, optionally as 123.456.789-09; absent, blank or invalid is kept and flagged
             * @example 529.982.247-25
             */
            cpf?: string;
            /**
             * @description In reais, not centavos: "10,50", "10.50" or 10.5; at most 100000.00
             * @example 10.50
             */
            amount: string | number;
            /**
             * @description BRL, the only currency; absent means BRL
             * @constant
             */
            currency?: "BRL";
            /**
             * @description Your unique id for this transaction; the same reference with the same data replays
             * @example order-1001
             */
            reference: string;
            /**
             * @description Your id for the customer
             * @example user-42
             */
            merchant_user: string;
            /**
             * @description BR, the only country
             * @constant
             */
            country: "BR";
            /**
             * @description The customer's IP address (IPv4 or IPv6)
             * @example 203.0.113.7
             */
            buyer_ip: string;
            /**
             * @description The customer's phone (optional, free text)
             * @example +55 11 91234-5678
             */
            phone?: string;
            /**
             * @description What the order is: a product, plan or brand of yours, shown under your name on the hosted pages (optional)
             * @example Assinatura Premium
             */
            brand?: string;
        };
        PixResponse: {
            /**
             * @description The deposit's id, for /api/status and refunds
             * @example dep_zo9enhlbzs028ktvumny
             */
            id: string;
            /**
             * @description BRL
             * @example BRL
             */
            currency: string;
            /**
             * @description In reais, as a number; the client hands it over as "10.50"
             * @example 10.50
             */
            amount: string;
            /**
             * @description Your reference
             * @example order-1001
             */
            reference: string;
            /** @description The BR Code (Pix copia e cola) to show or copy */
            qrCodeText: string;
            /** @description The same BR Code as a QR image: a PNG data URI */
            qrCodeImage: string;
            /**
             * @description The deposit's status now: pending when created; a replay of the same request answers paid, failed or expired once it ended, and then the QR can no longer be paid
             * @example pending
             * @enum {string}
             */
            status: "pending" | "paid" | "failed" | "expired";
            /**
             * @description When the QR stops being payable, ISO 8601; the same on every replay
             * @example 2026-11-22T21:30:00.000Z
             */
            expires_at: string;
            /**
             * @description What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
             * @example [
             *       "unknown field \"colour\" was ignored"
             *     ]
             */
            warnings?: string[];
        };
        /**
         * @example {
         *       "name": "Maria da Silva",
         *       "email": "maria@example.com",
         *       "cpf": "529.982.247-25",
         *       "amount": "10.50",
         *       "currency": "BRL",
         *       "merchant_user": "user-42",
         *       "country": "BR",
         *       "buyer_ip": "203.0.113.7",
         *       "reference": "order-1002",
         *       "successRedirectUrl": "https://shop.example.com/paid",
         *       "failedRedirectUrl": "https://shop.example.com/failed"
         *     }
         */
        PaymentInitiationRequest: {
            /**
             * @description The customer's full name; absent, blank or invalid is kept, flagged and asked again on the hosted form
             * @example Maria da Silva
             */
            name?: string;
            /**
             * @description The customer's e-mail; absent, blank or invalid is kept and flagged
             * @example maria@example.com
             */
            email?: string;
            /**
             * @description The customer's CPF: 11 digits, optionally as 123.456.789-09; absent, blank or invalid is kept and flagged
             * @example 529.982.247-25
             */
            cpf?: string;
            /**
             * @description In reais, not centavos: "10,50", "10.50" or 10.5; at most 100000.00
             * @example 10.50
             */
            amount: string | number;
            /**
             * @description BRL, the only currency; absent means BRL
             * @constant
             */
            currency?: "BRL";
            /**
             * @description Your unique id for this transaction; the same reference with the same data replays
             * @example order-1001
             */
            reference: string;
            /**
             * @description Your id for the customer
             * @example user-42
             */
            merchant_user: string;
            /**
             * @description BR, the only country
             * @constant
             */
            country: "BR";
            /**
             * @description The customer's IP address (IPv4 or IPv6)
             * @example 203.0.113.7
             */
            buyer_ip: string;
            /**
             * @description The customer's phone (optional, free text)
             * @example +55 11 91234-5678
             */
            phone?: string;
            /**
             * @description What the order is: a product, plan or brand of yours, shown under your name on the hosted pages (optional)
             * @example Assinatura Premium
             */
            brand?: string;
            /**
             * @description Where the customer returns after paying: an absolute https URL within your registered origins; the normalised URL is stored and used
             * @example https://shop.example.com/paid
             */
            successRedirectUrl: string;
            /**
             * @description Where the customer returns when the payment fails: an absolute https URL within your registered origins; the normalised URL is stored and used
             * @example https://shop.example.com/failed
             */
            failedRedirectUrl: string;
        };
        PaymentInitiationResponse: {
            /**
             * @description The deposit's id
             * @example dep_zo9enhlbzs028ktvumny
             */
            id: string;
            /**
             * @description BRL
             * @example BRL
             */
            currency: string;
            /**
             * @description In reais with a decimal comma; the client hands it over as "10.50"
             * @example 10.50
             */
            amount: string;
            /**
             * @description Your reference
             * @example order-1001
             */
            reference: string;
            /**
             * @description The hosted page where the customer pays from a bank account
             * @example https://cashier.example.com/pay/…
             */
            paymentInitiationUrl: string;
            /**
             * @description What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
             * @example [
             *       "unknown field \"colour\" was ignored"
             *     ]
             */
            warnings?: string[];
        };
        /**
         * @example {
         *       "name": "Maria da Silva",
         *       "email": "maria@example.com",
         *       "cpf": "529.982.247-25",
         *       "amount": "10.50",
         *       "currency": "BRL",
         *       "merchant_user": "user-42",
         *       "country": "BR",
         *       "buyer_ip": "203.0.113.7",
         *       "reference": "payout-2001",
         *       "paymentMethod": "pix",
         *       "pix_key": "52998224725"
         *     }
         * @example {
         *       "name": "Maria da Silva",
         *       "email": "maria@example.com",
         *       "cpf": "529.982.247-25",
         *       "amount": "10.50",
         *       "currency": "BRL",
         *       "merchant_user": "user-42",
         *       "country": "BR",
         *       "buyer_ip": "203.0.113.7",
         *       "reference": "payout-2002",
         *       "paymentMethod": "banco-do-brasil",
         *       "branch": "1234",
         *       "account": "12345-5",
         *       "account_type": "C"
         *     }
         */
        GatewayOutRequest: {
            /**
             * @description The customer's full name; absent, blank or invalid is kept, flagged and asked again on the hosted form
             * @example Maria da Silva
             */
            name?: string;
            /**
             * @description The customer's e-mail; absent, blank or invalid is kept and flagged
             * @example maria@example.com
             */
            email?: string;
            /**
             * @description The customer's CPF: 11 digits, optionally as 123.456.789-09; absent, blank or invalid is kept and flagged
             * @example 529.982.247-25
             */
            cpf?: string;
            /**
             * @description pix (to the customer's CPF as Pix key) or the customer's bank
             * @example pix
             * @enum {string}
             */
            paymentMethod: "banco-do-brasil" | "bradesco" | "caixa" | "nubank" | "santander" | "pix";
            /**
             * @description In reais, not centavos: "10,50", "10.50" or 10.5; at most 100000.00
             * @example 10.50
             */
            amount: string | number;
            /**
             * @description BRL, the only currency; absent means BRL
             * @constant
             */
            currency?: "BRL";
            /**
             * @description Your unique id for this transaction; the same reference with the same data replays
             * @example order-1001
             */
            reference: string;
            /**
             * @description Your id for the customer
             * @example user-42
             */
            merchant_user: string;
            /**
             * @description BR, the only country
             * @constant
             */
            country: "BR";
            /**
             * @description The customer's IP address (IPv4 or IPv6)
             * @example 203.0.113.7
             */
            buyer_ip: string;
            /**
             * @description The customer's phone (optional, free text)
             * @example +55 11 91234-5678
             */
            phone?: string;
            /**
             * @description With pix: the customer's CPF registered as their Pix key, equal to cpf
             * @example 52998224725
             */
            pix_key?: string;
            /**
             * @description With a bank: the branch (agência)
             * @example 1234
             */
            branch?: string;
            /**
             * @description With a bank: the account with its check digit as the customer's bank prints it (leading zeros, dash and dots optional)
             * @example 12345-5
             */
            account?: string;
            /**
             * @description With a bank: C (current account) or S (savings account)
             * @example C
             */
            account_type?: string;
        };
        GatewayOutResponse: {
            /**
             * @description The payout's id, for /api/status and its callback
             * @example po_tcs557ohddg0yzr2rxbb
             */
            transfer_id: string;
            /**
             * @description What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
             * @example [
             *       "unknown field \"colour\" was ignored"
             *     ]
             */
            warnings?: string[];
        };
        /**
         * @example {
         *       "reference": "order-1001"
         *     }
         * @example {
         *       "id": "dep_zo9enhlbzs028ktvumny"
         *     }
         */
        StatusRequest: {
            /**
             * @description A deposit's or refund's id (or a payout's transfer_id)
             * @example dep_zo9enhlbzs028ktvumny
             */
            id?: string;
            /**
             * @description A payout's transfer_id
             * @example po_tcs557ohddg0yzr2rxbb
             */
            transfer_id?: string;
            /**
             * @description Your reference of a deposit or payout
             * @example order-1001
             */
            reference?: string;
        };
        StatusResponse: {
            /** @description The transaction's id */
            id: string;
            /** @description A payout's id again, under the name its request answered */
            transfer_id?: string;
            /**
             * @description pix, payment_initiation, gateway_in, gateway_out or refund
             * @example pix
             */
            operation: string;
            /** @description A refund's deposit */
            deposit_id?: string;
            /** @description Your reference (a refund's: its deposit's) */
            reference: string;
            /**
             * @description pending, paid, failed or expired (deposit); pending, completed or canceled (payout); pending, completed or failed (refund)
             * @example paid
             */
            status: string;
            /**
             * @description In reais with a decimal point
             * @example 10.50
             */
            amount: string;
            /** @example BRL */
            currency: string;
            /**
             * @description ISO 8601
             * @example 2026-11-22T21:00:00.000Z
             */
            created_at: string;
            /**
             * @description ISO 8601
             * @example 2026-11-22T21:00:05.000Z
             */
            updated_at: string;
            /**
             * @description Why, as a code: a deposit that failed or expired (expired, psp_closed, charge_not_issued, customer_declined, sandbox_simulated), a payout canceled (psp_refused, sandbox_simulated or the operator's code), a refund that failed (not_carried_out, provider_refused) or that the PSP made on its own (med_fraud, med_operational, returned_at_psp)
             * @example expired
             */
            reason_code?: string;
            /** @description With reason_code: why, in words */
            reason?: string | null;
            /** @description An undecided dispute of this deposit (POST /api/disputes); absent when none */
            dispute?: {
                /** @example dsp_q4w8n2k6m0r5t9y3x7c1 */
                id: string;
                /** @enum {string} */
                status: "open" | "answered";
                /**
                 * @description What the payer contests
                 * @example 10.50
                 */
                amount: string;
                /**
                 * @description The PSP's deadline for your answer, ISO 8601
                 * @example 2026-11-29T21:00:00.000Z
                 */
                respond_by: string;
            };
            /**
             * @description What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
             * @example [
             *       "unknown field \"colour\" was ignored"
             *     ]
             */
            warnings?: string[];
        };
        /**
         * @example {
         *       "reference": "order-1001",
         *       "amount": "5.00",
         *       "reason": "Produto devolvido"
         *     }
         */
        RefundRequest: {
            /**
             * @description The paid deposit's id (or send reference)
             * @example dep_zo9enhlbzs028ktvumny
             */
            id?: string;
            /**
             * @description The paid deposit's reference (or send id)
             * @example order-1001
             */
            reference?: string;
            /**
             * @description In reais; absent means all that is left to refund
             * @example 10.50
             */
            amount?: string | number;
            /**
             * @description Shown to the payer by their bank; the same request with another reason is another refund
             * @example Produto devolvido
             */
            reason?: string;
        };
        RefundResponse: {
            /**
             * @description The refund's id
             * @example rfd_h8xaethicd899objosw5
             */
            id: string;
            /** @description The refunded deposit's id */
            deposit_id: string;
            /**
             * @description In reais with a decimal point
             * @example 10.50
             */
            amount: string;
            /** @example BRL */
            currency: string;
            /**
             * @description The outcome follows by callback
             * @constant
             */
            status: "pending";
            /**
             * @description What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
             * @example [
             *       "unknown field \"colour\" was ignored"
             *     ]
             */
            warnings?: string[];
        };
        /**
         * @example {
         *       "id": "dep_zo9enhlbzs028ktvumny",
         *       "outcome": "paid"
         *     }
         */
        SandboxSimulateRequest: {
            /**
             * @description Your sandbox deposit's id or payout's transfer_id
             * @example dep_zo9enhlbzs028ktvumny
             */
            id: string;
            /**
             * @description paid, failed or expired (deposit); completed or canceled (payout); disputed (a paid deposit: its payer opens a dispute); absent: the amount decides (x,01 fails or cancels, x,02 expires)
             * @enum {string}
             */
            outcome?: "paid" | "failed" | "expired" | "completed" | "canceled" | "disputed";
        };
        SandboxSimulateResponse: {
            /** @description The deposit's id */
            id: string;
            /**
             * @description sandbox
             * @example sandbox
             */
            mode: string;
            /**
             * @description The status reached
             * @enum {string}
             */
            status: "paid" | "failed" | "expired" | "completed" | "canceled";
            /**
             * @description The callback on its way
             * @example evt_5tq2m8x4k7w9p3z6c1v0
             */
            event_id: string;
            /**
             * @description What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
             * @example [
             *       "unknown field \"colour\" was ignored"
             *     ]
             */
            warnings?: string[];
        } | {
            /** @description The deposit's id */
            id: string;
            /**
             * @description sandbox
             * @example sandbox
             */
            mode: string;
            /**
             * @description A disputed deposit stays paid
             * @constant
             */
            status: "paid";
            /**
             * @description The dispute opened (outcome disputed)
             * @example dsp_q4w8n2k6m0r5t9y3x7c1
             */
            dispute_id: string;
            /**
             * @description The dispute.opened callback on its way
             * @example evt_5tq2m8x4k7w9p3z6c1v0
             */
            event_id: string;
            /**
             * @description What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
             * @example [
             *       "unknown field \"colour\" was ignored"
             *     ]
             */
            warnings?: string[];
        } | {
            /** @description The payout's transfer_id */
            transfer_id: string;
            /**
             * @description sandbox
             * @example sandbox
             */
            mode: string;
            /**
             * @description The status reached
             * @enum {string}
             */
            status: "paid" | "failed" | "expired" | "completed" | "canceled";
            /**
             * @description The callback on its way
             * @example evt_5tq2m8x4k7w9p3z6c1v0
             */
            event_id: string;
            /**
             * @description What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
             * @example [
             *       "unknown field \"colour\" was ignored"
             *     ]
             */
            warnings?: string[];
        };
        /** @example {} */
        CallbacksTestRequest: Record<string, never>;
        CallbacksTestResponse: {
            /** @description The test callback's event_id */
            event_id: string;
            /** @description Your callback URL; null when none is registered */
            url: string | null;
            /** @description ISO 8601 */
            sent_at: string;
            /** @description Your endpoint's HTTP status; null when it could not be reached */
            http_status: number | null;
            /** @description How long your endpoint took */
            latency_ms: number;
            /** @description The start of your endpoint's answer */
            body_excerpt: string | null;
            /** @description Why it could not be delivered, coarsely: no callback URL or key, `address not allowed: …` or `no answer: …` */
            error: string | null;
            /** @description true when your endpoint answered 2xx */
            delivered: boolean;
            /**
             * @description What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
             * @example [
             *       "unknown field \"colour\" was ignored"
             *     ]
             */
            warnings?: string[];
        };
        /** @example {} */
        BalanceRequest: Record<string, never>;
        BalanceResponse: {
            /**
             * @description Your key's mode: the money of the other mode is never counted
             * @enum {string}
             */
            mode: "sandbox" | "live";
            /** @example BRL */
            currency: string;
            /**
             * @description What you can pay out or refund now, in reais with a decimal point
             * @example 10.50
             */
            available: string;
            /**
             * @description Held by your pending payouts and refunds until their outcome
             * @example 10.50
             */
            reserved: string;
            /**
             * @description What your pending deposits would bring in if paid: not yours yet, and never counted in available
             * @example 10.50
             */
            pending: string;
            /**
             * @description What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
             * @example [
             *       "unknown field \"colour\" was ignored"
             *     ]
             */
            warnings?: string[];
        };
        /**
         * @example {
         *       "type": "deposit",
         *       "status": "paid",
         *       "limit": 20
         *     }
         * @example {
         *       "reference": "order-1001"
         *     }
         */
        TransactionsRequest: {
            /**
             * @description deposit, payout or refund; all three when absent
             * @example deposit
             * @enum {string}
             */
            type?: "deposit" | "payout" | "refund";
            /**
             * @description Only rows in this status, as /api/status names it
             * @example paid
             * @enum {string}
             */
            status?: "pending" | "paid" | "failed" | "expired" | "completed" | "canceled";
            /**
             * @description Only this reference (a refund's is its deposit's)
             * @example order-1001
             */
            reference?: string;
            /**
             * @description Created on this day or later, YYYY-MM-DD in Brasília time (UTC−3)
             * @example 2026-11-01
             */
            from?: string;
            /**
             * @description Created on this day or earlier, YYYY-MM-DD in Brasília time
             * @example 2026-11-30
             */
            to?: string;
            /**
             * @description Rows in the page, 1 to 100; absent: 50
             * @example 20
             */
            limit?: number;
            /** @description An answer's next_cursor: the rows after it, older */
            after?: string;
            /** @description An answer's previous_cursor: the rows before it, newer */
            before?: string;
        };
        TransactionsResponse: {
            /** @description Your deposits, payouts and refunds of your key's mode, newest first */
            transactions: {
                /**
                 * @description The deposit's, payout's or refund's id
                 * @example dep_zo9enhlbzs028ktvumny
                 */
                id: string;
                /**
                 * @description deposit, payout or refund
                 * @enum {string}
                 */
                type: "deposit" | "payout" | "refund";
                /**
                 * @description pix, payment_initiation, gateway_in, gateway_out or refund
                 * @example pix
                 */
                operation: string;
                /** @description A payout's id again, under the name its request answered */
                transfer_id?: string;
                /** @description A refund's deposit */
                deposit_id?: string;
                /**
                 * @description Your reference (a refund's: its deposit's)
                 * @example order-1001
                 */
                reference: string;
                /**
                 * @description As /api/status answers it
                 * @example paid
                 */
                status: string;
                /**
                 * @description In reais with a decimal point
                 * @example 10.50
                 */
                amount: string;
                /** @example BRL */
                currency: string;
                /**
                 * @description ISO 8601
                 * @example 2026-11-22T21:00:00.000Z
                 */
                created_at: string;
                /**
                 * @description When it reached its final status, ISO 8601; null while pending
                 * @example 2026-11-22T21:00:05.000Z
                 */
                settled_at: string | null;
            }[];
            /** @description Send it as after for the next (older) page; null on the last page */
            next_cursor: string | null;
            /** @description Send it as before for the previous (newer) page; null on the first page */
            previous_cursor: string | null;
            /**
             * @description What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
             * @example [
             *       "unknown field \"colour\" was ignored"
             *     ]
             */
            warnings?: string[];
        };
        /**
         * @example {
         *       "status": "failed"
         *     }
         * @example {
         *       "transaction_id": "dep_zo9enhlbzs028ktvumny"
         *     }
         */
        EventsRequest: {
            /**
             * @description pending (not delivered yet), delivered or failed (given up)
             * @example failed
             * @enum {string}
             */
            status?: "pending" | "delivered" | "failed";
            /**
             * @description Only events of this type
             * @example deposit.paid
             * @enum {string}
             */
            type?: "gateway_out.completed" | "gateway_out.canceled" | "deposit.paid" | "deposit.failed" | "deposit.expired" | "refund.completed" | "refund.failed" | "dispute.opened" | "dispute.closed";
            /**
             * @description Only the events reporting this deposit, payout (its transfer_id) or refund
             * @example dep_zo9enhlbzs028ktvumny
             */
            transaction_id?: string;
            /**
             * @description Rows in the page, 1 to 100; absent: 50
             * @example 20
             */
            limit?: number;
            /** @description An answer's next_cursor: the rows after it, older */
            after?: string;
            /** @description An answer's previous_cursor: the rows before it, newer */
            before?: string;
        };
        EventsResponse: {
            /** @description Your callback events of your key's mode, newest first */
            events: {
                /**
                 * @description The callback's event_id
                 * @example evt_5tq2m8x4k7w9p3z6c1v0
                 */
                event_id: string;
                /** @example deposit.paid */
                type: string;
                /**
                 * @description pending (waiting for its next attempt), delivered or failed (given up after the last retry)
                 * @enum {string}
                 */
                status: "pending" | "delivered" | "failed";
                /** @description The deposit, payout or refund it reports */
                transaction_id: string | null;
                /**
                 * @description ISO 8601
                 * @example 2026-11-22T21:00:05.000Z
                 */
                created_at: string;
                /**
                 * @description When it is sent next, ISO 8601; null unless pending
                 * @example 2026-11-22T21:00:15.000Z
                 */
                next_attempt_at: string | null;
                /**
                 * @description ISO 8601; null until delivered
                 * @example 2026-11-22T21:00:05.120Z
                 */
                delivered_at: string | null;
                /** @description The callback's data claim, as every attempt sent it (iat and exp are fresh each time) */
                payload: {
                    [key: string]: unknown;
                };
                /** @description Every attempt so far, first first */
                attempts: {
                    /**
                     * @description 1 for the first attempt
                     * @example 1
                     */
                    number: number;
                    /**
                     * @description succeeded (your endpoint answered 2xx), failed, in_flight (being sent now), interrupted (the gateway stopped mid-attempt: you may have received it) or forwarded (your forwarder, `npm run listen -- --forward-to`, posted it to your machine; http_status is what answered there)
                     * @enum {string}
                     */
                    state: "succeeded" | "failed" | "in_flight" | "interrupted" | "forwarded";
                    /**
                     * @description ISO 8601
                     * @example 2026-11-22T21:00:05.000Z
                     */
                    started_at: string;
                    /**
                     * @description ISO 8601; null while in flight or interrupted
                     * @example 2026-11-22T21:00:05.120Z
                     */
                    finished_at: string | null;
                    /** @description Where it was sent; null when no callback URL was set */
                    url: string | null;
                    /** @description The key that signed it */
                    key_id: string | null;
                    /** @description Your endpoint's answer; null when none came */
                    http_status: number | null;
                    /** @description How long your endpoint took */
                    latency_ms: number | null;
                    /** @description Why it was not delivered, when no answer says it, coarsely: no callback URL or key, `address not allowed: …` or `no answer: …` */
                    error: string | null;
                    /** @description The first 500 bytes of your endpoint's answer */
                    response_excerpt: string | null;
                }[];
            }[];
            /** @description Send it as after for the next (older) page; null on the last page */
            next_cursor: string | null;
            /** @description Send it as before for the previous (newer) page; null on the first page */
            previous_cursor: string | null;
            /**
             * @description What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
             * @example [
             *       "unknown field \"colour\" was ignored"
             *     ]
             */
            warnings?: string[];
        };
        /**
         * @example {
         *       "event_id": "evt_5tq2m8x4k7w9p3z6c1v0"
         *     }
         */
        EventsResendRequest: {
            /**
             * @description The callback's event_id
             * @example evt_5tq2m8x4k7w9p3z6c1v0
             */
            event_id: string;
        };
        EventsResendResponse: {
            /** @description The same event_id: your de-duplication still holds */
            event_id: string;
            /**
             * @description pending: queued again
             * @example pending
             * @enum {string}
             */
            status: "pending" | "delivered" | "failed";
            /**
             * @description When it is sent, ISO 8601 (now: the next worker round)
             * @example 2026-11-22T21:00:05.000Z
             */
            next_attempt_at: string;
            /**
             * @description What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
             * @example [
             *       "unknown field \"colour\" was ignored"
             *     ]
             */
            warnings?: string[];
        };
        /**
         * @example {
         *       "event_id": "evt_5tq2m8x4k7w9p3z6c1v0",
         *       "url": "http://localhost:8080/callbacks",
         *       "http_status": 204,
         *       "latency_ms": 12
         *     }
         */
        EventsForwardedRequest: {
            /**
             * @description The callback's event_id
             * @example evt_5tq2m8x4k7w9p3z6c1v0
             */
            event_id: string;
            /**
             * @description Where your forwarder posted it
             * @example http://localhost:8080/callbacks
             */
            url: string;
            /**
             * @description What answered there; null when nothing did
             * @example 204
             */
            http_status: number | null;
            /** @example 12 */
            latency_ms: number;
            /**
             * @description Why nothing answered, in your forwarder's words
             * @example null
             */
            error?: string | null;
        };
        EventsForwardedResponse: {
            /** @example evt_5tq2m8x4k7w9p3z6c1v0 */
            event_id: string;
            /**
             * @description The number the attempt took among the event's attempts
             * @example 2
             */
            attempt: number;
            /** @constant */
            state: "forwarded";
            /**
             * @description What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
             * @example [
             *       "unknown field \"colour\" was ignored"
             *     ]
             */
            warnings?: string[];
        };
        /**
         * @example {
         *       "status": "open"
         *     }
         * @example {
         *       "deposit_id": "dep_zo9enhlbzs028ktvumny"
         *     }
         */
        DisputesRequest: {
            /**
             * @description Only disputes in this status
             * @example open
             * @enum {string}
             */
            status?: "open" | "answered" | "won" | "lost" | "canceled";
            /**
             * @description Only the disputes of this deposit
             * @example dep_zo9enhlbzs028ktvumny
             */
            deposit_id?: string;
            /**
             * @description Rows in the page, 1 to 100; absent: 50
             * @example 20
             */
            limit?: number;
            /** @description An answer's next_cursor: the rows after it, older */
            after?: string;
            /** @description An answer's previous_cursor: the rows before it, newer */
            before?: string;
        };
        DisputesResponse: {
            /** @description Your disputes of your key's mode, newest first */
            disputes: {
                /**
                 * @description The dispute's id
                 * @example dsp_q4w8n2k6m0r5t9y3x7c1
                 */
                id: string;
                /**
                 * @description The deposit whose Pix is contested
                 * @example dep_zo9enhlbzs028ktvumny
                 */
                deposit_id: string;
                /**
                 * @description The deposit's reference
                 * @example order-1001
                 */
                reference: string;
                /**
                 * @description What the payer contests, in reais with a decimal point
                 * @example 10.50
                 */
                amount: string;
                /** @example BRL */
                currency: string;
                /**
                 * @description The payer's claim as the PSP classifies it: scam, account_takeover, coercion, fraudulent_access, other or unknown
                 * @example scam
                 * @enum {string}
                 */
                reason_code: "scam" | "account_takeover" | "coercion" | "fraudulent_access" | "other" | "unknown";
                /**
                 * @description The payer's claim in words
                 * @example Payer says they were deceived
                 */
                reason: string;
                /**
                 * @description The PSP's deadline for your answer, ISO 8601
                 * @example 2026-11-29T21:00:00.000Z
                 */
                respond_by: string;
                /**
                 * @description open (waiting for your answer), answered (the PSP decides), won (you keep the money), lost (it goes back to the payer) or canceled
                 * @example open
                 * @enum {string}
                 */
                status: "open" | "answered" | "won" | "lost" | "canceled";
                /**
                 * @description What the dispute holds of your balance now: payouts cannot spend it
                 * @example 10.50
                 */
                held: string;
                /** @description Your answer; null until you give it */
                decision: ("accept" | "contest") | null;
                /** @description Your answer's text; null until you give it */
                justification: string | null;
                /**
                 * @description When the payer's bank opened it, ISO 8601
                 * @example 2026-11-22T21:00:00.000Z
                 */
                opened_at: string;
                /**
                 * @description When the PSP took your answer, ISO 8601
                 * @example 2026-11-23T10:00:00.000Z
                 */
                answered_at: string | null;
                /**
                 * @description When it was won, lost or canceled, ISO 8601
                 * @example 2026-11-25T10:00:00.000Z
                 */
                closed_at: string | null;
            }[];
            /** @description Send it as after for the next (older) page; null on the last page */
            next_cursor: string | null;
            /** @description Send it as before for the previous (newer) page; null on the first page */
            previous_cursor: string | null;
            /**
             * @description What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
             * @example [
             *       "unknown field \"colour\" was ignored"
             *     ]
             */
            warnings?: string[];
        };
        /**
         * @example {
         *       "id": "dsp_q4w8n2k6m0r5t9y3x7c1",
         *       "decision": "contest",
         *       "justification": "Order 1001 was delivered on 2026-11-20 to the payer's address; the signed receipt is on file."
         *     }
         */
        DisputesRespondRequest: {
            /**
             * @description The dispute's id
             * @example dsp_q4w8n2k6m0r5t9y3x7c1
             */
            id: string;
            /**
             * @description accept: the payer's claim stands and the money goes back to them; contest: you defend the payment
             * @example contest
             * @enum {string}
             */
            decision: "accept" | "contest";
            /**
             * @description Your answer in plain text, at most 2000 characters: what was sold, to whom, the proof you hold
             * @example Order 1001 was delivered on 2026-11-20 to the payer's address; the signed receipt is on file.
             */
            justification: string;
        };
        DisputesRespondResponse: {
            /**
             * @description The dispute's id
             * @example dsp_q4w8n2k6m0r5t9y3x7c1
             */
            id: string;
            /**
             * @description The deposit whose Pix is contested
             * @example dep_zo9enhlbzs028ktvumny
             */
            deposit_id: string;
            /**
             * @description The deposit's reference
             * @example order-1001
             */
            reference: string;
            /**
             * @description What the payer contests, in reais with a decimal point
             * @example 10.50
             */
            amount: string;
            /** @example BRL */
            currency: string;
            /**
             * @description The payer's claim as the PSP classifies it: scam, account_takeover, coercion, fraudulent_access, other or unknown
             * @example scam
             * @enum {string}
             */
            reason_code: "scam" | "account_takeover" | "coercion" | "fraudulent_access" | "other" | "unknown";
            /**
             * @description The payer's claim in words
             * @example Payer says they were deceived
             */
            reason: string;
            /**
             * @description The PSP's deadline for your answer, ISO 8601
             * @example 2026-11-29T21:00:00.000Z
             */
            respond_by: string;
            /**
             * @description open (waiting for your answer), answered (the PSP decides), won (you keep the money), lost (it goes back to the payer) or canceled
             * @example open
             * @enum {string}
             */
            status: "open" | "answered" | "won" | "lost" | "canceled";
            /**
             * @description What the dispute holds of your balance now: payouts cannot spend it
             * @example 10.50
             */
            held: string;
            /** @description Your answer; null until you give it */
            decision: ("accept" | "contest") | null;
            /** @description Your answer's text; null until you give it */
            justification: string | null;
            /**
             * @description When the payer's bank opened it, ISO 8601
             * @example 2026-11-22T21:00:00.000Z
             */
            opened_at: string;
            /**
             * @description When the PSP took your answer, ISO 8601
             * @example 2026-11-23T10:00:00.000Z
             */
            answered_at: string | null;
            /**
             * @description When it was won, lost or canceled, ISO 8601
             * @example 2026-11-25T10:00:00.000Z
             */
            closed_at: string | null;
            /**
             * @description What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none
             * @example [
             *       "unknown field \"colour\" was ignored"
             *     ]
             */
            warnings?: string[];
        };
        Callback_deposit_paid: {
            /**
             * @description Unique per event: a retry carries the same one; ignore one you already handled
             * @example evt_5tq2m8x4k7w9p3z6c1v0
             */
            event_id: string;
            /** @constant */
            type: "deposit.paid";
            /**
             * @description When it happened, ISO 8601
             * @example 2026-11-22T21:00:05.000Z
             */
            occurred_at: string;
            /** @description The deposit's id */
            id: string;
            /** @description Your reference */
            reference: string;
            /** @description Your id for the customer */
            merchant_user: string | null;
            /**
             * @description In reais with a decimal point
             * @example 10.50
             */
            amount: string;
            /** @example BRL */
            currency: string;
            /**
             * @description The final status, as in the type
             * @enum {string}
             */
            status: "paid" | "failed" | "expired";
            /**
             * @description When failed or expired: why, as a code (expired, psp_closed, charge_not_issued, customer_declined, sandbox_simulated)
             * @example expired
             * @enum {string}
             */
            reason_code?: "expired" | "psp_closed" | "charge_not_issued" | "customer_declined" | "sandbox_simulated";
            /**
             * @description With reason_code: the reason in words
             * @example not paid before its deadline
             */
            reason?: string;
        };
        Callback_deposit_failed: {
            /**
             * @description Unique per event: a retry carries the same one; ignore one you already handled
             * @example evt_5tq2m8x4k7w9p3z6c1v0
             */
            event_id: string;
            /** @constant */
            type: "deposit.failed";
            /**
             * @description When it happened, ISO 8601
             * @example 2026-11-22T21:00:05.000Z
             */
            occurred_at: string;
            /** @description The deposit's id */
            id: string;
            /** @description Your reference */
            reference: string;
            /** @description Your id for the customer */
            merchant_user: string | null;
            /**
             * @description In reais with a decimal point
             * @example 10.50
             */
            amount: string;
            /** @example BRL */
            currency: string;
            /**
             * @description The final status, as in the type
             * @enum {string}
             */
            status: "paid" | "failed" | "expired";
            /**
             * @description When failed or expired: why, as a code (expired, psp_closed, charge_not_issued, customer_declined, sandbox_simulated)
             * @example expired
             * @enum {string}
             */
            reason_code?: "expired" | "psp_closed" | "charge_not_issued" | "customer_declined" | "sandbox_simulated";
            /**
             * @description With reason_code: the reason in words
             * @example not paid before its deadline
             */
            reason?: string;
        };
        Callback_deposit_expired: {
            /**
             * @description Unique per event: a retry carries the same one; ignore one you already handled
             * @example evt_5tq2m8x4k7w9p3z6c1v0
             */
            event_id: string;
            /** @constant */
            type: "deposit.expired";
            /**
             * @description When it happened, ISO 8601
             * @example 2026-11-22T21:00:05.000Z
             */
            occurred_at: string;
            /** @description The deposit's id */
            id: string;
            /** @description Your reference */
            reference: string;
            /** @description Your id for the customer */
            merchant_user: string | null;
            /**
             * @description In reais with a decimal point
             * @example 10.50
             */
            amount: string;
            /** @example BRL */
            currency: string;
            /**
             * @description The final status, as in the type
             * @enum {string}
             */
            status: "paid" | "failed" | "expired";
            /**
             * @description When failed or expired: why, as a code (expired, psp_closed, charge_not_issued, customer_declined, sandbox_simulated)
             * @example expired
             * @enum {string}
             */
            reason_code?: "expired" | "psp_closed" | "charge_not_issued" | "customer_declined" | "sandbox_simulated";
            /**
             * @description With reason_code: the reason in words
             * @example not paid before its deadline
             */
            reason?: string;
        };
        Callback_gateway_out_completed: {
            /**
             * @description Unique per event: a retry carries the same one; ignore one you already handled
             * @example evt_5tq2m8x4k7w9p3z6c1v0
             */
            event_id: string;
            /** @constant */
            type: "gateway_out.completed";
            /**
             * @description When it happened, ISO 8601
             * @example 2026-11-22T21:00:05.000Z
             */
            occurred_at: string;
            /** @description The payout's id */
            transfer_id: string;
            /** @description The same id under its older name, kept for older integrations */
            transfers_id: string;
            /** @description Your reference */
            reference: string;
            /** @description Your id for the customer */
            merchant_user: string | null;
            /** @description The same id under its older name, kept for older integrations */
            user_id: string | null;
            /**
             * @description In reais with a decimal point
             * @example 10.50
             */
            amount: string;
            /** @example BRL */
            currency: string;
            /**
             * @description The final status, as in the type
             * @enum {string}
             */
            status: "completed" | "canceled";
            /** @description When canceled: why, as a code */
            reason_code?: string;
            /** @description When canceled: why, in words */
            reason?: string;
        };
        Callback_gateway_out_canceled: {
            /**
             * @description Unique per event: a retry carries the same one; ignore one you already handled
             * @example evt_5tq2m8x4k7w9p3z6c1v0
             */
            event_id: string;
            /** @constant */
            type: "gateway_out.canceled";
            /**
             * @description When it happened, ISO 8601
             * @example 2026-11-22T21:00:05.000Z
             */
            occurred_at: string;
            /** @description The payout's id */
            transfer_id: string;
            /** @description The same id under its older name, kept for older integrations */
            transfers_id: string;
            /** @description Your reference */
            reference: string;
            /** @description Your id for the customer */
            merchant_user: string | null;
            /** @description The same id under its older name, kept for older integrations */
            user_id: string | null;
            /**
             * @description In reais with a decimal point
             * @example 10.50
             */
            amount: string;
            /** @example BRL */
            currency: string;
            /**
             * @description The final status, as in the type
             * @enum {string}
             */
            status: "completed" | "canceled";
            /** @description When canceled: why, as a code */
            reason_code?: string;
            /** @description When canceled: why, in words */
            reason?: string;
        };
        Callback_refund_completed: {
            /**
             * @description Unique per event: a retry carries the same one; ignore one you already handled
             * @example evt_5tq2m8x4k7w9p3z6c1v0
             */
            event_id: string;
            /** @constant */
            type: "refund.completed";
            /**
             * @description When it happened, ISO 8601
             * @example 2026-11-22T21:00:05.000Z
             */
            occurred_at: string;
            /**
             * @description The refund's id
             * @example rfd_h8xaethicd899objosw5
             */
            id: string;
            /** @description The refunded deposit's id */
            deposit_id: string;
            /**
             * @description In reais with a decimal point
             * @example 10.50
             */
            amount: string;
            /** @example BRL */
            currency: string;
            /** @description The deposit's reference */
            reference: string;
            /**
             * @description The final status, as in the type
             * @enum {string}
             */
            status: "completed" | "failed";
            /** @description When failed: not_carried_out or provider_refused. When completed without the merchant asking (the PSP returned the money on its own): med_fraud, med_operational or returned_at_psp */
            reason_code?: string;
            /** @description With reason_code: the reason in words */
            reason?: string | null;
        };
        Callback_refund_failed: {
            /**
             * @description Unique per event: a retry carries the same one; ignore one you already handled
             * @example evt_5tq2m8x4k7w9p3z6c1v0
             */
            event_id: string;
            /** @constant */
            type: "refund.failed";
            /**
             * @description When it happened, ISO 8601
             * @example 2026-11-22T21:00:05.000Z
             */
            occurred_at: string;
            /**
             * @description The refund's id
             * @example rfd_h8xaethicd899objosw5
             */
            id: string;
            /** @description The refunded deposit's id */
            deposit_id: string;
            /**
             * @description In reais with a decimal point
             * @example 10.50
             */
            amount: string;
            /** @example BRL */
            currency: string;
            /** @description The deposit's reference */
            reference: string;
            /**
             * @description The final status, as in the type
             * @enum {string}
             */
            status: "completed" | "failed";
            /** @description When failed: not_carried_out or provider_refused. When completed without the merchant asking (the PSP returned the money on its own): med_fraud, med_operational or returned_at_psp */
            reason_code?: string;
            /** @description With reason_code: the reason in words */
            reason?: string | null;
        };
        Callback_dispute_opened: {
            /**
             * @description Unique per event: a retry carries the same one; ignore one you already handled
             * @example evt_5tq2m8x4k7w9p3z6c1v0
             */
            event_id: string;
            /** @constant */
            type: "dispute.opened";
            /**
             * @description When it happened, ISO 8601
             * @example 2026-11-22T21:00:05.000Z
             */
            occurred_at: string;
            /**
             * @description The dispute's id
             * @example dsp_q4w8n2k6m0r5t9y3x7c1
             */
            id: string;
            /**
             * @description The deposit whose Pix is contested
             * @example dep_zo9enhlbzs028ktvumny
             */
            deposit_id: string;
            /**
             * @description The deposit's reference
             * @example order-1001
             */
            reference: string;
            /**
             * @description What the payer contests, in reais with a decimal point
             * @example 10.50
             */
            amount: string;
            /** @example BRL */
            currency: string;
            /**
             * @description The payer's claim as the PSP classifies it: scam, account_takeover, coercion, fraudulent_access, other or unknown
             * @example scam
             * @enum {string}
             */
            reason_code: "scam" | "account_takeover" | "coercion" | "fraudulent_access" | "other" | "unknown";
            /**
             * @description The payer's claim in words
             * @example Payer says they were deceived
             */
            reason: string;
            /**
             * @description The PSP's deadline for your answer, ISO 8601
             * @example 2026-11-29T21:00:00.000Z
             */
            respond_by: string;
            /** @constant */
            status: "open";
        };
        Callback_dispute_closed: {
            /**
             * @description Unique per event: a retry carries the same one; ignore one you already handled
             * @example evt_5tq2m8x4k7w9p3z6c1v0
             */
            event_id: string;
            /** @constant */
            type: "dispute.closed";
            /**
             * @description When it happened, ISO 8601
             * @example 2026-11-22T21:00:05.000Z
             */
            occurred_at: string;
            /**
             * @description The dispute's id
             * @example dsp_q4w8n2k6m0r5t9y3x7c1
             */
            id: string;
            /**
             * @description The deposit whose Pix is contested
             * @example dep_zo9enhlbzs028ktvumny
             */
            deposit_id: string;
            /**
             * @description The deposit's reference
             * @example order-1001
             */
            reference: string;
            /**
             * @description What the payer contests, in reais with a decimal point
             * @example 10.50
             */
            amount: string;
            /** @example BRL */
            currency: string;
            /**
             * @description The payer's claim as the PSP classifies it: scam, account_takeover, coercion, fraudulent_access, other or unknown
             * @example scam
             * @enum {string}
             */
            reason_code: "scam" | "account_takeover" | "coercion" | "fraudulent_access" | "other" | "unknown";
            /**
             * @description The payer's claim in words
             * @example Payer says they were deceived
             */
            reason: string;
            /**
             * @description The PSP's deadline for your answer, ISO 8601
             * @example 2026-11-29T21:00:00.000Z
             */
            respond_by: string;
            /**
             * @description The outcome, as in outcome
             * @enum {string}
             */
            status: "won" | "lost" | "canceled";
            /**
             * @description won: you keep the money; lost: it goes back to the payer (a refund.completed follows); canceled: withdrawn
             * @enum {string}
             */
            outcome: "won" | "lost" | "canceled";
        };
        Callback_test: {
            /**
             * @description Unique per event: a retry carries the same one; ignore one you already handled
             * @example evt_5tq2m8x4k7w9p3z6c1v0
             */
            event_id: string;
            /** @constant */
            type: "test";
            /**
             * @description When it happened, ISO 8601
             * @example 2026-11-22T21:00:05.000Z
             */
            occurred_at: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    pix: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PixRequest"];
            };
        };
        responses: {
            /** @description A replay of an earlier request: the original answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PixResponse"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PixResponse"];
                };
            };
            /** @description Refused: signed ErrorData once the token is accepted, an unsigned Problem when the token fails */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorData"];
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The payment provider failed (502, 503 provider_unavailable) or the gateway's database could not be reached (503 service_unavailable): retry the same request after Retry-After; or an unexpected error (500, with an opaque id) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorData"];
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    paymentInitiation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PaymentInitiationRequest"];
            };
        };
        responses: {
            /** @description A replay of an earlier request: the original answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentInitiationResponse"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentInitiationResponse"];
                };
            };
            /** @description Refused: signed ErrorData once the token is accepted, an unsigned Problem when the token fails */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorData"];
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The payment provider failed (502, 503 provider_unavailable) or the gateway's database could not be reached (503 service_unavailable): retry the same request after Retry-After; or an unexpected error (500, with an opaque id) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorData"];
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    gatewayOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["GatewayOutRequest"];
            };
        };
        responses: {
            /** @description A replay of an earlier request: the original answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayOutResponse"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GatewayOutResponse"];
                };
            };
            /** @description Refused: signed ErrorData once the token is accepted, an unsigned Problem when the token fails */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorData"];
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The payment provider failed (502, 503 provider_unavailable) or the gateway's database could not be reached (503 service_unavailable): retry the same request after Retry-After; or an unexpected error (500, with an opaque id) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorData"];
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    status: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StatusRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StatusResponse"];
                };
            };
            /** @description Refused: signed ErrorData once the token is accepted, an unsigned Problem when the token fails */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorData"];
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The payment provider failed (502, 503 provider_unavailable) or the gateway's database could not be reached (503 service_unavailable): retry the same request after Retry-After; or an unexpected error (500, with an opaque id) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorData"];
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    refund: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefundRequest"];
            };
        };
        responses: {
            /** @description A replay of an earlier request: the original answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefundResponse"];
                };
            };
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefundResponse"];
                };
            };
            /** @description Refused: signed ErrorData once the token is accepted, an unsigned Problem when the token fails */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorData"];
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The payment provider failed (502, 503 provider_unavailable) or the gateway's database could not be reached (503 service_unavailable): retry the same request after Retry-After; or an unexpected error (500, with an opaque id) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorData"];
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    sandboxSimulate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SandboxSimulateRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SandboxSimulateResponse"];
                };
            };
            /** @description Refused: signed ErrorData once the token is accepted, an unsigned Problem when the token fails */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorData"];
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The payment provider failed (502, 503 provider_unavailable) or the gateway's database could not be reached (503 service_unavailable): retry the same request after Retry-After; or an unexpected error (500, with an opaque id) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorData"];
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    callbacksTest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CallbacksTestRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CallbacksTestResponse"];
                };
            };
            /** @description Refused: signed ErrorData once the token is accepted, an unsigned Problem when the token fails */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorData"];
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The payment provider failed (502, 503 provider_unavailable) or the gateway's database could not be reached (503 service_unavailable): retry the same request after Retry-After; or an unexpected error (500, with an opaque id) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorData"];
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    balance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BalanceRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BalanceResponse"];
                };
            };
            /** @description Refused: signed ErrorData once the token is accepted, an unsigned Problem when the token fails */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorData"];
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The payment provider failed (502, 503 provider_unavailable) or the gateway's database could not be reached (503 service_unavailable): retry the same request after Retry-After; or an unexpected error (500, with an opaque id) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorData"];
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    transactions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransactionsRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TransactionsResponse"];
                };
            };
            /** @description Refused: signed ErrorData once the token is accepted, an unsigned Problem when the token fails */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorData"];
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The payment provider failed (502, 503 provider_unavailable) or the gateway's database could not be reached (503 service_unavailable): retry the same request after Retry-After; or an unexpected error (500, with an opaque id) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorData"];
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    events: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EventsRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventsResponse"];
                };
            };
            /** @description Refused: signed ErrorData once the token is accepted, an unsigned Problem when the token fails */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorData"];
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The payment provider failed (502, 503 provider_unavailable) or the gateway's database could not be reached (503 service_unavailable): retry the same request after Retry-After; or an unexpected error (500, with an opaque id) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorData"];
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    eventsResend: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EventsResendRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventsResendResponse"];
                };
            };
            /** @description Refused: signed ErrorData once the token is accepted, an unsigned Problem when the token fails */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorData"];
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The payment provider failed (502, 503 provider_unavailable) or the gateway's database could not be reached (503 service_unavailable): retry the same request after Retry-After; or an unexpected error (500, with an opaque id) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorData"];
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    eventsForwarded: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["EventsForwardedRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventsForwardedResponse"];
                };
            };
            /** @description Refused: signed ErrorData once the token is accepted, an unsigned Problem when the token fails */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorData"];
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The payment provider failed (502, 503 provider_unavailable) or the gateway's database could not be reached (503 service_unavailable): retry the same request after Retry-After; or an unexpected error (500, with an opaque id) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorData"];
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    disputes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DisputesRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DisputesResponse"];
                };
            };
            /** @description Refused: signed ErrorData once the token is accepted, an unsigned Problem when the token fails */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorData"];
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The payment provider failed (502, 503 provider_unavailable) or the gateway's database could not be reached (503 service_unavailable): retry the same request after Retry-After; or an unexpected error (500, with an opaque id) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorData"];
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    disputesRespond: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DisputesRespondRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DisputesRespondResponse"];
                };
            };
            /** @description Refused: signed ErrorData once the token is accepted, an unsigned Problem when the token fails */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorData"];
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The payment provider failed (502, 503 provider_unavailable) or the gateway's database could not be reached (503 service_unavailable): retry the same request after Retry-After; or an unexpected error (500, with an opaque id) */
            "5XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorData"];
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    gatewayIn: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Your key's id, the token's kid */
                keyId: string;
                /** @description A compact JWS signed as every request is (HS256, your key's secret, iat and exp), whose data claim is GatewayInData */
                token: components["schemas"]["GatewayInData"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deposit exists: the customer goes to its hosted page */
            303: {
                headers: {
                    /** @description The hosted payment page */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A page saying why, never a redirect: 401 a token that does not verify (malformed, forged, expired) or a keyId that is not the token's, 409 a reference already used with other data, 422 invalid data (each field named), 429 too many pages from one address. An address that is not valid percent-encoding (400) or another method (405) is a Problem. */
            "4XX": {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
}
/** The fields of an answer or a callback that hold an amount, wherever they sit: the client hands each over as "10.50". */
export const amountFields = ["amount", "held", "available", "reserved", "pending"] as const;
