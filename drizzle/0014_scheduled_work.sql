CREATE TABLE "job_day" (
	"job" text NOT NULL,
	"day" date NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "job_day_job_day_pk" PRIMARY KEY("job","day")
);
--> statement-breakpoint
CREATE TABLE "job_run" (
	"job" text NOT NULL,
	"day" date NOT NULL,
	"key" text NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_run_job_day_key_pk" PRIMARY KEY("job","day","key")
);
