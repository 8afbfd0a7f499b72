CREATE TABLE "site_content" (
	"section" text PRIMARY KEY NOT NULL,
	"published" jsonb NOT NULL,
	"draft" jsonb,
	"version" bigint DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" text,
	"draft_updated_at" timestamp with time zone,
	"draft_updated_by" text
);
--> statement-breakpoint
CREATE TABLE "site_image" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"widths" integer[] NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_image_kind_check" CHECK ("site_image"."kind" in ('hero', 'portrait'))
);
--> statement-breakpoint
ALTER TABLE "site_content" ADD CONSTRAINT "site_content_published_by_user_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_content" ADD CONSTRAINT "site_content_draft_updated_by_user_id_fk" FOREIGN KEY ("draft_updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_image" ADD CONSTRAINT "site_image_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;