-- The store's catalogue and promotions (issue #15, decision 042). Prices are integer cents; the
-- server prices every order from these rows, never from what the browser sends.

-- What the store sells (store-and-public-site §3 "Store item"), with the item ids of §9. Weight is
-- in ounces, the unit the postage service takes; the §9 multipliers (item 1 ×2, item 4 ×8, the
-- combo 43.9) are applied by the domain's `computeShippingWeight`, not stored here. Replacement
-- items (100–205) are never listed in the store (not active): only the replacement offer sells them.
CREATE TABLE items (
  item_id integer PRIMARY KEY CHECK (item_id > 0),
  store_name text NOT NULL CHECK (length(store_name) BETWEEN 1 AND 120),
  description text NOT NULL DEFAULT '',
  unit_price_cents integer NOT NULL CHECK (unit_price_cents >= 0),
  weight double precision NOT NULL DEFAULT 0 CHECK (weight >= 0),
  is_active boolean NOT NULL DEFAULT true,
  is_accessory boolean NOT NULL DEFAULT false,
  -- Sold on the professional line's landing page (tenant 6, /marcell-pro).
  is_marcell_pro_item boolean NOT NULL DEFAULT false,
  sort_order smallint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO items
  (item_id, store_name, description, unit_price_cents, weight, is_active, is_accessory,
   is_marcell_pro_item, sort_order)
VALUES
  (1, 'Cellular Monitor', 'Temperature, humidity and power-outage monitor with its own cellular connection. No Wi-Fi or landline needed.', 22900, 16, true, false, false, 10),
  (11, 'Cellular Monitor + Wireless Sensor Bundle', 'The cellular monitor with one wireless sensor puck for a second room, freezer or outbuilding.', 25900, 20, true, false, false, 20),
  (16, 'Cellular Monitor (Carrier 2)', 'The cellular monitor on our second cellular carrier, for areas where it has the better signal.', 22900, 16, true, false, false, 30),
  (17, 'Cellular Monitor + Wireless Sensor Bundle (Carrier 2)', 'The carrier 2 monitor with one wireless sensor puck.', 25900, 20, true, false, false, 40),
  (19, 'Professional Monitor', 'The professional-line monitor for server rooms, cold chains and warehouses, with calibrated probes.', 34900, 18, true, false, true, 50),
  (21, 'Professional Monitor Bundle', 'The professional monitor with two wireless sensor pucks.', 38900, 24, true, false, true, 60),
  (20, 'Professional Monitor (Carrier 2)', 'The professional monitor on our second cellular carrier.', 34900, 18, true, false, true, 70),
  (22, 'Professional Monitor Bundle (Carrier 2)', 'The carrier 2 professional monitor with two wireless sensor pucks.', 38900, 24, true, false, true, 80),
  (14, 'Monitor with 1 Year of Monitoring', 'A cellular monitor with twelve months of monitoring included. Sold one at a time.', 31900, 16, true, false, false, 90),
  (15, 'Monitor with 2 Years of Monitoring', 'A cellular monitor with twenty-four months of monitoring included. Sold one at a time.', 40900, 16, true, false, false, 100),
  (4, 'Wireless Sensor Puck', 'Adds temperature and humidity readings from another spot, up to 16 per monitor.', 3900, 2, true, true, false, 110),
  (7, 'Water Sensor Cable', 'Plugs into the monitor and raises an alarm when water reaches the floor.', 2900, 3, true, true, false, 120),
  (13, 'Instant Update', 'Ask your monitor for a reading right now instead of waiting for its next report. Credited to the device you choose.', 199, 0, true, true, false, 130),
  (27, 'Pet Monitor Upgrade', 'Turns on the pet monitor for one device: quicker temperature checks for pets left in an RV or car.', 4900, 0, true, true, false, 140),
  (100, 'Replacement Monitor (Carrier 1)', 'Replacement for a standard monitor on carrier 1.', 9900, 16, false, false, false, 200),
  (101, 'Replacement Monitor (Carrier 1), purchase', 'Replacement purchase variant.', 9900, 16, false, false, false, 201),
  (102, 'Replacement Monitor (Carrier 1), purchase', 'Replacement purchase variant.', 9900, 16, false, false, false, 202),
  (103, 'Replacement Professional Monitor (Carrier 1)', 'Replacement for a professional monitor on carrier 1.', 9900, 18, false, false, false, 203),
  (104, 'Replacement Professional Monitor (Carrier 1), purchase', 'Replacement purchase variant.', 9900, 18, false, false, false, 204),
  (105, 'Replacement Monitor (Carrier 1), purchase', 'Replacement purchase variant.', 9900, 16, false, false, false, 205),
  (200, 'Replacement Monitor (Carrier 2)', 'Replacement for a standard monitor on carrier 2.', 9900, 16, false, false, false, 210),
  (201, 'Replacement Monitor (Carrier 2), purchase', 'Replacement purchase variant.', 9900, 16, false, false, false, 211),
  (202, 'Replacement Monitor (Carrier 2), purchase', 'Replacement purchase variant.', 9900, 16, false, false, false, 212),
  (203, 'Replacement Professional Monitor (Carrier 2)', 'Replacement for a professional monitor on carrier 2.', 9900, 18, false, false, false, 213),
  (204, 'Replacement Professional Monitor (Carrier 2), purchase', 'Replacement purchase variant.', 9900, 18, false, false, false, 214),
  (205, 'Replacement Monitor (Carrier 2), purchase', 'Replacement purchase variant.', 9900, 16, false, false, false, 215);

-- Promotion codes (store-and-public-site §3 "Promotion"). `discount` and `shipping_discount` keep
-- the spec's signed number: positive is an amount in dollars, -100 to -1 a percentage off. A
-- referral promotion (the landing pages' `pid`, §9) sets `device_price_cents`: the standard
-- device (items 1 and 16) sells at that price with the code. Codes are stored upper-cased.
CREATE TABLE promotions (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL UNIQUE CHECK (code = upper(code) AND length(code) BETWEEN 1 AND 40),
  description text NOT NULL DEFAULT '',
  discount double precision,
  shipping_discount double precision,
  free_shipping boolean NOT NULL DEFAULT false,
  device_price_cents integer CHECK (device_price_cents >= 0),
  -- Good through the whole of this day; null never expires.
  expiration_date date,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The referral codes of §9 with their device prices; they never expire until an operator says so
-- (`npm run admin -- expire-promotion`).
INSERT INTO promotions (code, description, device_price_cents)
VALUES
  ('CLVG', 'Referral price', 19900),
  ('FAMH', 'Referral price', 19900),
  ('SUN', 'Referral price', 17400),
  ('NDN2', 'Referral price', 19500),
  ('SOTA', 'Referral price', 19500),
  ('SBEX', 'Referral price', 19500),
  ('FL1704', 'Referral price', 17495),
  ('CSA', 'Referral price', 17900),
  ('RV', 'Referral price', 17900),
  ('RV20', 'Referral price', 17900);
