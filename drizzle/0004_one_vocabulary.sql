-- One vocabulary for the account questions (docs/decisions/0002-one-vocabulary.md): the
-- profile's former loan and property types become the sign-up's values; the hidden legacy
-- 'Single Family' property type is dropped. Free-text net worth answers are kept as written.
UPDATE "profile" SET "loan_type" = CASE lower("loan_type")
  WHEN 'fix & flip' THEN 'fix-and-flip'
  WHEN 'construction' THEN 'construction'
  WHEN 'land' THEN 'land'
  WHEN 'bridge' THEN 'bridge'
  WHEN 'rental property' THEN 'rental'
  ELSE "loan_type" END
WHERE "loan_type" IS NOT NULL;--> statement-breakpoint
UPDATE "profile" SET "property_types" = ARRAY(
  SELECT DISTINCT CASE t
    WHEN 'Single Family Investment' THEN 'Single-Family Investment'
    WHEN 'Multi Family Investment' THEN 'Multi-Family'
    WHEN 'Commercial Investment' THEN 'Commercial'
    WHEN 'Land Investment' THEN 'Land Development'
    WHEN 'Mixed Use Investment' THEN 'Mixed-Use'
    ELSE t END
  FROM unnest("property_types") AS t
  WHERE t <> 'Single Family'
)
WHERE "property_types" && ARRAY['Single Family Investment', 'Multi Family Investment', 'Commercial Investment', 'Land Investment', 'Mixed Use Investment', 'Single Family']::text[];
