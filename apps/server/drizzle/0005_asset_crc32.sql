-- The CRC-32 of each original, kept from ingest on, so a zip of originals reads each file once.
-- Existing assets have none yet: their first zip computes it and records it.
ALTER TABLE "media_assets" ADD COLUMN "crc32" bigint;
