-- The ledger only grows: a posted row is never updated or deleted; a correction is a new row that offsets it.
CREATE TRIGGER credit_transactions_no_update BEFORE UPDATE ON credit_transactions
BEGIN
  SELECT RAISE(ABORT, 'credit_transactions is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER credit_transactions_no_delete BEFORE DELETE ON credit_transactions
BEGIN
  SELECT RAISE(ABORT, 'credit_transactions is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER datafile_charges_no_update BEFORE UPDATE ON datafile_charges
BEGIN
  SELECT RAISE(ABORT, 'datafile_charges is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER datafile_charges_no_delete BEFORE DELETE ON datafile_charges
BEGIN
  SELECT RAISE(ABORT, 'datafile_charges is append-only');
END;
