-- NIST calibration certificates (issue #12, device-management §2, §7, decision 031): one row per
-- certificate issued for a NIST unit (types 8, 9, 10); a unit's current certificate is its newest.
-- The PDF is in the file storage under certificates/<certificate_number>.pdf.
CREATE TABLE nist_certificates (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  device_id integer NOT NULL REFERENCES devices (id),
  -- NIST-<serial>-<yyyymmdd>[-n]: the certificate's name, and its file's.
  certificate_number text NOT NULL UNIQUE CHECK (certificate_number ~ '^NIST-[0-9A-Z]{6}-[0-9]{8}(-[0-9]+)?$'),
  calibrated_on date NOT NULL,
  due_on date NOT NULL CHECK (due_on > calibrated_on),
  reference_instrument text NOT NULL,
  -- [{ "referenceF": number, "readingF": number }, …], °F.
  as_found jsonb NOT NULL,
  as_left jsonb NOT NULL,
  issued_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX nist_certificates_device_id_idx ON nist_certificates (device_id, issued_at DESC, id DESC);
