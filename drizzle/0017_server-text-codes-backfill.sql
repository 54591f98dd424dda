-- Replies written before codes: the texts the server wrote in English are recognised and given
-- their codes, so they too read in the reader's language. Texts no rule recognises (the built-in
-- engine's detailed notes, a provider's own words) keep content_codes null and show as written.
UPDATE "messages" SET "content_codes" = '[{"code":"reply.working"}]'::jsonb
  WHERE "role" = 'system' AND "content_codes" IS NULL AND "content_text" = 'Working on your image…';
--> statement-breakpoint
UPDATE "messages" SET "content_codes" = jsonb_build_array(jsonb_build_object('code', 'reply.madeWithOn', 'params', jsonb_build_object('model', m[1], 'server', m[2])))
  FROM (SELECT "id" AS mid, regexp_match("content_text", '^Made with (.+) on (AUTOMATIC1111|ComfyUI)\.$') AS m FROM "messages" WHERE "role" = 'system' AND "content_codes" IS NULL) found
  WHERE "id" = found.mid AND found.m IS NOT NULL;
--> statement-breakpoint
UPDATE "messages" SET "content_codes" = jsonb_build_array(jsonb_build_object('code', 'reply.upscaledWith', 'params', jsonb_build_object('upscaler', m[1], 'server', 'AUTOMATIC1111')))
  FROM (SELECT "id" AS mid, regexp_match("content_text", '^Upscaled with (.+) on AUTOMATIC1111\.$') AS m FROM "messages" WHERE "role" = 'system' AND "content_codes" IS NULL) found
  WHERE "id" = found.mid AND found.m IS NOT NULL;
--> statement-breakpoint
UPDATE "messages" SET "content_codes" = jsonb_build_array(jsonb_build_object('code', CASE WHEN m[1] = 'Made' THEN 'reply.madeWith' ELSE 'reply.editedWith' END, 'params', jsonb_build_object('model', m[2])))
  FROM (SELECT "id" AS mid, regexp_match("content_text", '^(Made|Edited) with ([^ ]+)\.$') AS m FROM "messages" WHERE "role" = 'system' AND "content_codes" IS NULL) found
  WHERE "id" = found.mid AND found.m IS NOT NULL;
--> statement-breakpoint
-- Failure replies: the cause, then the refund sentence if there was one. A cause the rules do not
-- know is kept as the words it was written in.
UPDATE "messages" SET "content_codes" = (
    CASE
      WHEN f[1] = 'the image service took too long to answer.' THEN '[{"code":"failure.timeLimit"}]'::jsonb
      WHEN f[1] = 'the work was interrupted.' THEN '[{"code":"failure.interrupted"}]'::jsonb
      WHEN f[1] = 'something went wrong on our side.' THEN '[{"code":"failure.ourSide"}]'::jsonb
      ELSE jsonb_build_array(jsonb_build_object('code', 'failure.notMade', 'params', jsonb_build_object('reason', jsonb_build_object('coded', jsonb_build_object('code', 'engine.providerSaid', 'params', jsonb_build_object('text', f[1]))))))
    END
    || CASE
      WHEN f[2] IS NULL THEN '[]'::jsonb
      WHEN money IS NOT NULL AND free IS NOT NULL THEN jsonb_build_array(jsonb_build_object('code', 'failure.refundedBoth', 'params', jsonb_build_object('amount', jsonb_build_object('cents', money), 'count', free)))
      WHEN free IS NOT NULL THEN jsonb_build_array(jsonb_build_object('code', 'failure.refundedFree', 'params', jsonb_build_object('count', free)))
      ELSE jsonb_build_array(jsonb_build_object('code', 'failure.refundedMoney', 'params', jsonb_build_object('amount', jsonb_build_object('cents', coalesce(money, 0)))))
    END)
  FROM (
    SELECT mid, f,
      (SELECT round(replace(x[1], ',', '')::numeric * 100)::int FROM regexp_match(f[2], '\$([0-9,]+\.[0-9]{2}) was refunded') x) AS money,
      (SELECT x[1]::int FROM regexp_match(f[2], '([0-9]+) free images? returned') x) AS free
    FROM (SELECT "id" AS mid, regexp_match("content_text", '^Sorry, the image could not be made: (.*?)(?: The charge was refunded \((.*)\)\.)?$') AS f
      FROM "messages" WHERE "role" = 'system' AND "content_codes" IS NULL AND "processing_status" = 'error') parsed
    WHERE f IS NOT NULL
  ) found
  WHERE "id" = found.mid;
--> statement-breakpoint
-- Ledger lines written before codes, recognised by their English.
UPDATE "ledger_entries" SET "description_code" = CASE
    WHEN "description" = 'Refund for a failed generation' THEN '{"code":"ledger.refund"}'::jsonb
    WHEN "description" = 'Top-up by card' THEN '{"code":"ledger.topUpCard"}'::jsonb
    WHEN "description" = 'Top-up (test mode, no real charge)' THEN '{"code":"ledger.topUpTest"}'::jsonb
    WHEN "description" = 'Credit from support' THEN '{"code":"ledger.supportCredit"}'::jsonb
    WHEN "description" = 'Credit taken back by support' THEN '{"code":"ledger.supportDebit"}'::jsonb
    WHEN "description" ~ '^Welcome gift: [0-9]+ free images?$' THEN jsonb_build_object('code', 'ledger.freeGrant', 'params', jsonb_build_object('count', (regexp_match("description", '[0-9]+'))[1]::int))
    WHEN "description" ~ '^Gift from support: [0-9]+ free images?$' THEN jsonb_build_object('code', 'ledger.supportGift', 'params', jsonb_build_object('count', (regexp_match("description", '[0-9]+'))[1]::int))
    WHEN "description" ~ '^Generated [0-9]+ images? \(free\)$' THEN jsonb_build_object('code', 'ledger.generatedFree', 'params', jsonb_build_object('count', (regexp_match("description", '[0-9]+'))[1]::int, 'free', (regexp_match("description", '[0-9]+'))[1]::int))
    WHEN "description" ~ '^Generated [0-9]+ images? \([0-9]+ free\)$' THEN jsonb_build_object('code', 'ledger.generatedPartlyFree', 'params', jsonb_build_object('count', (regexp_match("description", '^Generated ([0-9]+)'))[1]::int, 'free', (regexp_match("description", '\(([0-9]+) free\)'))[1]::int))
    WHEN "description" ~ '^Generated [0-9]+ images?$' THEN jsonb_build_object('code', 'ledger.generated', 'params', jsonb_build_object('count', (regexp_match("description", '[0-9]+'))[1]::int, 'free', 0))
  END
  WHERE "description_code" IS NULL;
