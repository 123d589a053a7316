CREATE TABLE `datafile_score_stats` (
	`datafile_id` text NOT NULL,
	`kind` text NOT NULL,
	`revision` integer NOT NULL,
	`count` integer NOT NULL,
	`sum` real NOT NULL,
	`band_0` integer NOT NULL,
	`band_1` integer NOT NULL,
	`band_2` integer NOT NULL,
	`band_3` integer NOT NULL,
	PRIMARY KEY(`datafile_id`, `kind`),
	FOREIGN KEY (`datafile_id`) REFERENCES `datafiles`(`id`) ON UPDATE no action ON DELETE no action
);
