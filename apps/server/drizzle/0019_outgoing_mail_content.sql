-- Branded e-mails: what a queued message says, as data (mail/content.ts), so its HTML is made
-- with the studio's brand and cover when it is sent. Older rows have none: they go as plain text.
ALTER TABLE "outgoing_mail" ADD COLUMN "content" jsonb;
