CREATE TABLE "file_blobs" (
	"key" text PRIMARY KEY NOT NULL,
	"size_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"touched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "file_blob_chunks" (
	"blob_key" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "file_blob_chunks_blob_key_seq_pk" PRIMARY KEY("blob_key","seq")
);
