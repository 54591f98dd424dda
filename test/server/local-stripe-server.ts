import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server that speaks the part of Stripe's API the product uses (customers, checkout
 * sessions create/retrieve in payment and setup mode, setup intents, payment methods attached to a
 * customer and detached, off-session payment intents, prices list, charges, refunds, disputes), so the
 * official SDK is exercised over the wire in the tests. It is as strict as Stripe where the
 * product could go wrong: a missing or wrong API key is 401, unknown ids are 404
 * `resource_missing`, unknown parameters are refused, and a refund above what is left of its
 * charge, of a fully refunded charge or of a disputed one is refused with Stripe's codes. It
 * replays answers for a repeated Idempotency-Key with the same parameters, as Stripe does, refuses
 * the key with other parameters (400 `idempotency_error`), and records every request.
 *
 * Cards are Stripe's test payment methods: a setup session finished with `pm_card_visa` saves a
 * card that pays, `pm_card_authenticationRequired` one whose off-session payments fail with
 * `authentication_required` (the PaymentIntent in the error), `pm_card_chargeDeclined` one that
 * is declined (`card_declined`).
 *
 * What Stripe sends as webhooks (charge.refunded, refund.created, charge.dispute.*) is kept as
 * events signed the way Stripe signs them (`Stripe-Signature: t=…,v1=HMAC-SHA256`); a test
 * delivers them to the app when it chooses (`deliverEvents`), and again (`redeliver`), since Stripe
 * delivers at least once and in any order.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: Record<string, unknown>;
}

export interface LocalPrice {
  id: string;
  unit_amount: number | null;
  currency: string;
  nickname: string | null;
  product: string;
  active?: boolean;
}

export interface LocalEvent {
  id: string;
  type: string;
  payload: string;
}

type Json = Record<string, unknown>;
interface Reply {
  status: number;
  body: Json;
}

/** How a saved card behaves off-session, by the test payment method it was saved with. */
const TEST_PAYMENT_METHODS: Record<string, { behaviour: 'succeeds' | 'authentication_required' | 'declined'; last4: string }> = {
  pm_card_visa: { behaviour: 'succeeds', last4: '4242' },
  pm_card_authenticationRequired: { behaviour: 'authentication_required', last4: '3184' },
  pm_card_chargeDeclined: { behaviour: 'declined', last4: '0002' },
};

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Stripe's form encoding (`a[b][0][c]=v`) back into nested objects (arrays stay index-keyed objects). */
function parseForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/[[\]]+/).filter(Boolean);
    let node = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  return root;
}

function error(status: number, fields: { message: string; code?: string; param?: string; type?: string }): Reply {
  return { status, body: { error: { type: fields.type ?? 'invalid_request_error', ...fields } } };
}

const noSuch = (object: string, param: string, value: string) =>
  error(404, { code: 'resource_missing', param, message: `No such ${object}: '${value}'` });

/** Stripe refuses parameters it does not know, naming the first. */
function unknownParameter(body: Json, known: string[]): Reply | null {
  const unknown = Object.keys(body).find((key) => !known.includes(key));
  return unknown ? error(400, { code: 'parameter_unknown', param: unknown, message: `Received unknown parameter: ${unknown}` }) : null;
}

/** Stripe's webhook signature: `t=<unix seconds>,v1=<HMAC-SHA256 of "t.payload" with the endpoint's secret>`. */
export function stripeSignature(payload: string, secret: string, timestamp = now()): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;
}

export async function startLocalStripe(options: { webhookSecret?: string } = {}) {
  const requests: RecordedRequest[] = [];
  const replies = new Map<string, Reply & { parameters: string }>();
  const setupIntents = new Map<string, Json>();
  const paymentMethods = new Map<string, Json>();
  /** Test behaviour of each saved card, kept outside the object Stripe would show. */
  const cardBehaviour = new Map<string, 'succeeds' | 'authentication_required' | 'declined'>();
  const customers = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const paymentIntents = new Map<string, Json>();
  const charges = new Map<string, Json>();
  const refunds = new Map<string, Json>();
  const disputes = new Map<string, Json>();
  const events: LocalEvent[] = [];
  const delivered = new Set<string>();
  let webhookUrl: string | undefined;
  let prices: LocalPrice[] = [];

  function event(type: string, object: Json): string {
    return JSON.stringify({
      id: id('evt'),
      object: 'event',
      type,
      api_version: '2026-10-28.endive',
      created: now(),
      livemode: false,
      data: { object: structuredClone(object) },
    });
  }

  function emit(type: string, object: Json): void {
    const payload = event(type, object);
    events.push({ id: (JSON.parse(payload) as { id: string }).id, type, payload });
  }

  function createSession(body: Json): Json {
    const lineItem = (body.line_items as Record<string, Json> | undefined)?.['0'] ?? {};
    const priceData = lineItem.price_data as Json | undefined;
    const price = prices.find((p) => p.id === lineItem.price);
    const amount = priceData ? Number(priceData.unit_amount) : (price?.unit_amount ?? 0);
    const sessionId = id('cs_test');
    const uiMode = (body.ui_mode as string | undefined) ?? 'hosted_page';
    const setup = body.mode === 'setup';
    const customer = customers.get(body.customer as string);
    const session: Json = {
      id: sessionId,
      object: 'checkout.session',
      mode: body.mode,
      ui_mode: uiMode,
      status: 'open',
      payment_status: setup ? 'no_payment_required' : 'unpaid',
      payment_intent: null,
      setup_intent: null,
      allowed_payment_method_types: body.allowed_payment_method_types ? Object.values(body.allowed_payment_method_types as Json) : null,
      amount_total: setup ? null : amount,
      currency: setup
        ? ((body.currency as string | undefined) ?? null)
        : ((priceData?.currency as string | undefined) ?? price?.currency ?? 'usd'),
      customer: body.customer ?? null,
      customer_email: null,
      customer_details: customer ? { email: customer.email } : null,
      client_reference_id: body.client_reference_id ?? null,
      metadata: body.metadata ?? {},
      client_secret: uiMode === 'hosted_page' ? null : `${sessionId}_secret_${randomBytes(6).toString('hex')}`,
      url: uiMode === 'hosted_page' ? `https://checkout.stripe.test/c/pay/${sessionId}` : null,
      return_url: body.return_url ?? null,
      success_url: body.success_url ?? null,
      cancel_url: body.cancel_url ?? null,
      line_items_requested: body.line_items,
    };
    sessions.set(sessionId, session);
    return session;
  }

  /** What paying a session makes at Stripe: a succeeded payment intent with its charge. */
  function pay(session: Json): void {
    if (session.payment_intent) return;
    const chargeId = id('ch');
    const intentId = id('pi');
    const amount = session.amount_total as number;
    charges.set(chargeId, {
      id: chargeId,
      object: 'charge',
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      captured: true,
      currency: session.currency,
      customer: session.customer,
      disputed: false,
      paid: true,
      payment_intent: intentId,
      refunded: false,
      status: 'succeeded',
      created: now(),
    });
    paymentIntents.set(intentId, {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_received: amount,
      currency: session.currency,
      customer: session.customer,
      latest_charge: chargeId,
      status: 'succeeded',
    });
    session.payment_intent = intentId;
  }

  const REFUND_PARAMETERS = [
    'amount',
    'charge',
    'currency',
    'customer',
    'expand',
    'instructions_email',
    'metadata',
    'origin',
    'payment_intent',
    'reason',
    'refund_application_fee',
    'reverse_transfer',
  ];
  const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'];

  function createRefund(body: Json): Reply {
    const unknown = unknownParameter(body, REFUND_PARAMETERS);
    if (unknown) return unknown;
    let charge: Json | undefined;
    if (typeof body.payment_intent === 'string') {
      const intent = paymentIntents.get(body.payment_intent);
      if (!intent) return noSuch('payment_intent', 'payment_intent', body.payment_intent);
      charge = charges.get(intent.latest_charge as string);
      if (!charge)
        return error(400, { code: 'charge_not_refundable', message: 'This PaymentIntent does not have a successful charge to refund.' });
    } else if (typeof body.charge === 'string') {
      charge = charges.get(body.charge);
      if (!charge) return noSuch('charge', 'charge', body.charge);
    } else {
      return error(400, {
        code: 'parameter_missing',
        message: 'One of the following params should be provided for this request: payment_intent or charge.',
      });
    }
    if (body.reason !== undefined && !REFUND_REASONS.includes(body.reason as string)) {
      return error(400, {
        code: 'parameter_invalid_string',
        param: 'reason',
        message: `Invalid reason: must be one of ${REFUND_REASONS.join(', ')}`,
      });
    }
    const left = (charge.amount as number) - (charge.amount_refunded as number);
    if (charge.disputed)
      return error(400, {
        code: 'charge_disputed',
        message: `Charge ${charge.id as string} has been charged back; cannot issue a refund.`,
      });
    if (left === 0)
      return error(400, { code: 'charge_already_refunded', message: `Charge ${charge.id as string} has already been refunded.` });
    if (body.amount !== undefined && !/^[1-9]\d*$/.test(String(body.amount)))
      return error(400, { code: 'parameter_invalid_integer', param: 'amount', message: 'Invalid positive integer' });
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (amount > left) {
      return error(400, {
        code: 'amount_too_large',
        param: 'amount',
        message: `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`,
      });
    }
    const refund: Json = {
      id: id('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      currency: charge.currency,
      created: now(),
      metadata: body.metadata ?? {},
      reason: body.reason ?? null,
      status: 'succeeded',
    };
    refunds.set(refund.id as string, refund);
    charge.amount_refunded = (charge.amount_refunded as number) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    emit('refund.created', refund);
    emit('charge.refunded', charge);
    return { status: 200, body: refund };
  }

  const PAYMENT_INTENT_PARAMETERS = [
    'amount',
    'allowed_payment_method_types',
    'automatic_payment_methods',
    'capture_method',
    'confirm',
    'currency',
    'customer',
    'description',
    'error_on_requires_action',
    'expand',
    'metadata',
    'off_session',
    'payment_method',
    'receipt_email',
    'return_url',
    'setup_future_usage',
    'statement_descriptor',
  ];

  /**
   * POST /v1/payment_intents, confirmed at once with a saved card when `confirm=true`: the card's
   * test behaviour decides. Off-session, a card that needs authentication fails with the card
   * error `authentication_required` and the PaymentIntent (now requires_payment_method) in the
   * error, as Stripe answers; a declined card with `card_declined`.
   */
  function createPaymentIntent(body: Json): Reply {
    const unknown = unknownParameter(body, PAYMENT_INTENT_PARAMETERS);
    if (unknown) return unknown;
    if (!/^[1-9]\d*$/.test(String(body.amount ?? '')))
      return error(400, { code: 'parameter_missing', param: 'amount', message: 'Missing required param: amount.' });
    if (!body.currency) return error(400, { code: 'parameter_missing', param: 'currency', message: 'Missing required param: currency.' });
    const amount = Number(body.amount);
    if (amount < 50) return error(400, { code: 'amount_too_small', param: 'amount', message: 'Amount must be at least $0.50 usd' });
    const confirm = body.confirm === 'true';
    if (body.off_session !== undefined && !confirm)
      return error(400, {
        param: 'off_session',
        message: 'You may only specify `off_session` when confirming a PaymentIntent (confirm=true).',
      });
    const customerId = body.customer as string | undefined;
    if (customerId && !customers.has(customerId)) return noSuch('customer', 'customer', customerId);
    const paymentMethodId = body.payment_method as string | undefined;
    const paymentMethod = paymentMethodId ? paymentMethods.get(paymentMethodId) : undefined;
    if (paymentMethodId && !paymentMethod) return noSuch('payment_method', 'payment_method', paymentMethodId);
    if (paymentMethod && paymentMethod.customer !== (customerId ?? null))
      return error(400, {
        param: 'payment_method',
        message: `The provided PaymentMethod ${paymentMethodId} does not belong to the Customer ${customerId ?? '(none)'}.`,
      });
    const automatic = body.automatic_payment_methods as Json | undefined;
    if (confirm && !body.return_url && !body.allowed_payment_method_types && automatic?.allow_redirects !== 'never')
      return error(400, {
        message:
          'This PaymentIntent is configured to accept payment methods enabled in your Dashboard, some of which may require a full page redirect to succeed. Provide a return_url, or set allowed_payment_method_types.',
      });
    const intentId = id('pi');
    const intent: Json = {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: body.currency,
      customer: customerId ?? null,
      description: body.description ?? null,
      metadata: body.metadata ?? {},
      payment_method: paymentMethodId ?? null,
      latest_charge: null,
      last_payment_error: null,
      client_secret: `${intentId}_secret_${randomBytes(6).toString('hex')}`,
      status: 'requires_payment_method',
      created: now(),
    };
    paymentIntents.set(intentId, intent);
    if (!confirm || !paymentMethodId) {
      intent.status = paymentMethodId ? 'requires_confirmation' : 'requires_payment_method';
      return { status: 200, body: intent };
    }
    const behaviour = cardBehaviour.get(paymentMethodId) ?? 'succeeds';
    if (behaviour !== 'succeeds') {
      const cardError: Json =
        behaviour === 'authentication_required'
          ? {
              type: 'card_error',
              code: 'authentication_required',
              decline_code: 'authentication_required',
              message: 'Your card was declined. This transaction requires authentication.',
            }
          : { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
      intent.last_payment_error = { ...cardError, payment_method: paymentMethod };
      intent.status = 'requires_payment_method';
      emit('payment_intent.payment_failed', intent);
      return { status: 402, body: { error: { ...cardError, payment_intent: structuredClone(intent) } } };
    }
    const chargeId = id('ch');
    charges.set(chargeId, {
      id: chargeId,
      object: 'charge',
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      captured: true,
      currency: body.currency,
      customer: customerId ?? null,
      disputed: false,
      paid: true,
      payment_intent: intentId,
      payment_method: paymentMethodId,
      refunded: false,
      status: 'succeeded',
      created: now(),
    });
    Object.assign(intent, { status: 'succeeded', amount_received: amount, latest_charge: chargeId });
    emit('charge.succeeded', charges.get(chargeId)!);
    emit('payment_intent.succeeded', intent);
    return { status: 200, body: intent };
  }

  function route(method: string, path: string, query: URLSearchParams, body: Json): Reply {
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', email: body.email ?? null, metadata: body.metadata ?? {} };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    // Deleting a customer deletes its saved payment methods; an unknown (or already deleted) one is
    // 404 resource_missing, as Stripe answers.
    const customerPath = /^\/v1\/customers\/([^/]+)$/.exec(path);
    if (method === 'DELETE' && customerPath) {
      const customerId = decodeURIComponent(customerPath[1]!);
      if (!customers.delete(customerId)) return noSuch('customer', 'id', customerId);
      return { status: 200, body: { id: customerId, object: 'customer', deleted: true } };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (body.mode === 'setup') {
        if (body.line_items) return error(400, { param: 'line_items', message: 'You cannot pass `line_items` in `setup` mode.' });
        if (!body.currency && !body.allowed_payment_method_types)
          return error(400, {
            code: 'parameter_missing',
            param: 'currency',
            message: 'Missing required param: currency. currency is required in setup mode when allowed_payment_method_types is not set.',
          });
        if (body.customer && !customers.has(body.customer as string)) return noSuch('customer', 'customer', body.customer as string);
      }
      return { status: 200, body: createSession(body) };
    }
    if (method === 'POST' && path === '/v1/payment_intents') return createPaymentIntent(body);
    const detach = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path);
    if (method === 'POST' && detach) {
      const paymentMethod = paymentMethods.get(decodeURIComponent(detach[1]!));
      if (!paymentMethod) return noSuch('payment_method', 'payment_method', decodeURIComponent(detach[1]!));
      if (!paymentMethod.customer)
        return error(400, {
          code: 'payment_method_unexpected_state',
          message: 'The payment method you provided is not attached to a customer so detachment is impossible.',
        });
      paymentMethod.customer = null;
      emit('payment_method.detached', paymentMethod);
      return { status: 200, body: paymentMethod };
    }
    if (method === 'POST' && path === '/v1/refunds') return createRefund(body);
    const read = /^\/v1\/(checkout\/sessions|payment_intents|charges|refunds|disputes|setup_intents|payment_methods)\/([^/]+)$/.exec(path);
    if (method === 'GET' && read) {
      const [, kind, rawId] = read;
      const objectId = decodeURIComponent(rawId!);
      const { store, name } = {
        'checkout/sessions': { store: sessions, name: 'checkout.session' },
        payment_intents: { store: paymentIntents, name: 'payment_intent' },
        charges: { store: charges, name: 'charge' },
        refunds: { store: refunds, name: 'refund' },
        disputes: { store: disputes, name: 'dispute' },
        setup_intents: { store: setupIntents, name: 'setup_intent' },
        payment_methods: { store: paymentMethods, name: 'payment_method' },
      }[kind!]!;
      const found = store.get(objectId);
      return found ? { status: 200, body: found } : noSuch(name, 'id', objectId);
    }
    if (method === 'GET' && path === '/v1/prices') {
      const product = query.get('product');
      const data = prices
        .filter((p) => (!product || p.product === product) && (query.get('active') !== 'true' || p.active !== false))
        .map((p) => ({ object: 'price', ...p }));
      return { status: 200, body: { object: 'list', url: '/v1/prices', has_more: false, data } };
    }
    return error(404, { message: `Unrecognized request URL (${method}: ${path})` });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let text = '';
    for await (const chunk of req) text += String(chunk);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const body = parseForm(text);
    requests.push({ method: req.method ?? 'GET', path: url.pathname, idempotencyKey, body });
    let reply: Reply | undefined;
    if (!/^Bearer sk_(test|live)_\S+$/.test(req.headers.authorization ?? '')) {
      reply = error(401, { message: 'Invalid API Key provided', type: 'invalid_request_error' });
    }
    const replayKey = idempotencyKey && `${req.method} ${url.pathname} ${idempotencyKey}`;
    const earlier = !reply && replayKey ? replies.get(replayKey) : undefined;
    if (earlier) {
      // Stripe compares the parameters: the same key with others is a mistake, refused.
      reply =
        earlier.parameters === text
          ? earlier
          : error(400, {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            });
    }
    if (!reply) {
      reply = route(req.method ?? 'GET', url.pathname, url.searchParams, body);
      if (replayKey) replies.set(replayKey, { ...reply, parameters: text });
    }
    res.writeHead(reply.status, { 'Content-Type': 'application/json', 'Request-Id': id('req') });
    res.end(JSON.stringify(reply.body));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((failure: unknown) => {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(failure) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  async function send(sent: LocalEvent): Promise<Response> {
    if (!webhookUrl || !options.webhookSecret) throw new Error('setWebhook(url) and a webhookSecret are needed to deliver events');
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': stripeSignature(sent.payload, options.webhookSecret) },
      body: sent.payload,
    });
    delivered.add(sent.id);
    return response;
  }

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Whether the customer exists (not deleted). */
    hasCustomer: (customerId: string) => customers.has(customerId),
    events,
    setPrices(next: LocalPrice[]) {
      prices = next;
    },
    /** Where events are delivered (the app's webhook endpoint). */
    setWebhook(url: string) {
      webhookUrl = url;
    },
    session(sessionId: string): Json {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      return session;
    },
    charge(chargeId: string): Json {
      const charge = charges.get(chargeId);
      if (!charge) throw new Error(`no charge ${chargeId}`);
      return charge;
    },
    /** The charge behind a paid checkout session. */
    chargeOfSession(sessionId: string): Json {
      const intent = paymentIntents.get(this.session(sessionId).payment_intent as string);
      if (!intent) throw new Error(`session ${sessionId} is not paid`);
      return this.charge(intent.latest_charge as string);
    },
    /**
     * What Stripe does when the customer finishes paying (or finishes an async method, or it
     * fails). A session that becomes paid gets its payment intent and charge.
     */
    updateSession(sessionId: string, changes: { status?: string; payment_status?: string }) {
      const session = this.session(sessionId);
      Object.assign(session, changes);
      if (session.payment_status === 'paid') pay(session);
    },
    /**
     * The customer finishes a setup session with one of Stripe's test payment methods: a
     * PaymentMethod attached to the session's customer and a succeeded SetupIntent naming it.
     */
    completeSetupSession(
      sessionId: string,
      testPaymentMethod: keyof typeof TEST_PAYMENT_METHODS = 'pm_card_visa',
    ): { paymentMethodId: string } {
      const session = this.session(sessionId);
      if (session.mode !== 'setup') throw new Error(`session ${sessionId} is not in setup mode`);
      const card = TEST_PAYMENT_METHODS[testPaymentMethod]!;
      const paymentMethodId = id('pm');
      paymentMethods.set(paymentMethodId, {
        id: paymentMethodId,
        object: 'payment_method',
        type: 'card',
        card: { brand: 'visa', last4: card.last4, exp_month: 12, exp_year: 2034, funding: 'credit', country: 'US' },
        customer: session.customer,
        created: now(),
      });
      cardBehaviour.set(paymentMethodId, card.behaviour);
      const setupIntentId = id('seti');
      setupIntents.set(setupIntentId, {
        id: setupIntentId,
        object: 'setup_intent',
        customer: session.customer,
        payment_method: paymentMethodId,
        status: 'succeeded',
        usage: 'off_session',
        created: now(),
      });
      Object.assign(session, { status: 'complete', setup_intent: setupIntentId });
      emit('checkout.session.completed', session);
      return { paymentMethodId };
    },
    paymentMethod(paymentMethodId: string): Json {
      const found = paymentMethods.get(paymentMethodId);
      if (!found) throw new Error(`no payment method ${paymentMethodId}`);
      return found;
    },
    /** The cardholder's bank disputes a charge (all of it unless `amount`): charge.dispute.created. */
    openDispute(chargeId: string, dispute: { amount?: number; reason?: string } = {}): Json {
      const charge = this.charge(chargeId);
      charge.disputed = true;
      const opened: Json = {
        id: id('dp'),
        object: 'dispute',
        amount: dispute.amount ?? charge.amount,
        charge: chargeId,
        payment_intent: charge.payment_intent,
        currency: charge.currency,
        reason: dispute.reason ?? 'fraudulent',
        status: 'needs_response',
        is_charge_refundable: false,
        created: now(),
        livemode: false,
        metadata: {},
      };
      disputes.set(opened.id as string, opened);
      emit('charge.dispute.created', opened);
      return opened;
    },
    /** The bank decides: charge.dispute.closed with `won` or `lost`. */
    closeDispute(disputeId: string, status: 'won' | 'lost'): Json {
      const dispute = disputes.get(disputeId);
      if (!dispute) throw new Error(`no dispute ${disputeId}`);
      dispute.status = status;
      emit('charge.dispute.closed', dispute);
      return dispute;
    },
    /** An event as Stripe would deliver it, holding a copy of the object. */
    event,
    /** Delivers, signed, every event of these types not delivered yet (all types when none are named), in order. */
    async deliverEvents(...types: string[]): Promise<Response[]> {
      const due = events.filter((pending) => !delivered.has(pending.id) && (types.length === 0 || types.includes(pending.type)));
      const responses: Response[] = [];
      for (const pending of due) responses.push(await send(pending));
      return responses;
    },
    /** Delivers an event again, as Stripe does when it is unsure the first delivery arrived. */
    redeliver(eventId: string): Promise<Response> {
      const sent = events.find((candidate) => candidate.id === eventId);
      if (!sent) throw new Error(`no event ${eventId}`);
      return send(sent);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type LocalStripe = Awaited<ReturnType<typeof startLocalStripe>>;
