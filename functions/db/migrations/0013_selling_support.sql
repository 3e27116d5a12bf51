-- Support's side of selling: one log of support's decisions on payout holds, face-value proofs
-- and listings the resale law flags (who, when, what, why), and the extra headers a mail carries
-- (List-Unsubscribe on alert mail).
CREATE TABLE `selling_reviews` (
	`id` integer PRIMARY KEY NOT NULL,
	`subject` text NOT NULL,
	`subject_id` integer NOT NULL,
	`decision` text NOT NULL,
	`reason` text NOT NULL,
	`staff_user_id` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `selling_reviews_subject` ON `selling_reviews` (`subject`,`subject_id`,`id`);--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `headers` text;
