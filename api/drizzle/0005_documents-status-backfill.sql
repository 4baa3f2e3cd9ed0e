-- Students who completed their data before the documents review existed: their documents await review.
UPDATE "students" SET
  "documents_status" = computed.status,
  "documents_awaiting" = computed.awaiting
FROM (
  SELECT s."id",
    CASE
      WHEN NOT s."is_complete" THEN 'none'
      WHEN bool_or(i."review_status" = 'rejected') THEN 'needsReupload'
      WHEN count(i.*) < 6 OR bool_or(i."review_status" = 'pending') THEN 'pending'
      ELSE 'accepted'
    END AS status,
    count(i.*) FILTER (WHERE i."review_status" = 'pending')::smallint AS awaiting
  FROM "students" s LEFT JOIN "student_images" i ON i."student_id" = s."id"
  GROUP BY s."id"
) AS computed
WHERE "students"."id" = computed."id" AND "students"."is_complete";
