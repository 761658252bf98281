-- Default plans for every tenant, so every install offers them (issue #13, decision 033); an
-- operator changes them with `npm run admin -- edit-plan`. Amounts are the monthly rate in cents:
-- Monthly $9.95 billed each month, Seasonal $8.95 for 6 months, Annual $8.25 for 12 months (the
-- advertised "from as low as $8.25 per month", accounts-devices-billing §9). Tenant 6, the
-- professional line (§4 "plan tenant"), also offers its pro-subscription options.
INSERT INTO subscription_options (tenant_id, plan_type, billing_amount_cents, billing_frequency)
SELECT tenant_id, plan_type, amount, frequency
FROM generate_series(1, 6) AS tenant_id
CROSS JOIN (VALUES ('Monthly', 995, 1), ('Seasonal', 895, 6), ('Annual', 825, 12))
  AS plans (plan_type, amount, frequency)
ORDER BY tenant_id, frequency;

-- Pro options: listed apart (GET /api/subscriptions/options/6?pro=true), for the pro path. One
-- month free before the first charge on the annual plan, one month off the first monthly charge.
INSERT INTO subscription_options
  (tenant_id, plan_type, billing_amount_cents, billing_frequency, is_selectable, is_pro,
   free_months, free_months_method)
VALUES
  (6, 'Monthly', 995, 1, true, true, -1, 'AFTER'),
  (6, 'Annual', 825, 12, true, true, 1, 'BEFORE');
