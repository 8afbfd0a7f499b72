-- One property-type vocabulary for the application and the loan programs (issue 23): PROPERTY_TYPES
-- gains the programs' commercial types (retail, office, self storage, hotel/hospitality, mobile
-- home park); every stored value keeps its meaning, so no row changes. Programs stored before
-- (free-text types, no fees or purposes) are upgraded when read: upgradeLoanPrograms in
-- app/lib/site-content.ts.
ALTER TABLE "loan" DROP CONSTRAINT "loan_property_type_check";--> statement-breakpoint
ALTER TABLE "loan" ADD CONSTRAINT "loan_property_type_check" CHECK ("loan"."property_type" in ('Single-Family Investment', 'Multi-Family', 'Mixed-Use', 'Retail', 'Office', 'Industrial', 'Self Storage', 'Hotel/Hospitality', 'Mobile Home Park', 'Commercial', 'Land Development'));