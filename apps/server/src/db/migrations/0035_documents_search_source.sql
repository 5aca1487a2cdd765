-- Issue #41: a search hit's snippet shows the original text (it showed the folded search_text).
-- search_source: the title and the current version's text, runs of white space one space, so it
-- lines up character for character with search_text (modules/documents/documents.snippet.ts).
ALTER TABLE "documents" ADD COLUMN "search_source" text;--> statement-breakpoint
UPDATE "documents" d SET "search_source" = btrim(regexp_replace(d."title" || ' ' || coalesce((SELECT v."text" FROM "document_versions" v WHERE v."document_id" = d."id" ORDER BY v."version_no" DESC LIMIT 1), ''), '\s+', ' ', 'g'));
