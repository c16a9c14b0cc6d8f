-- Health results keep the status a check gave (healthy, degraded or
-- unhealthy), so an entity's status is the worst of its checks' latest.
ALTER TABLE metric_samples ADD COLUMN status TEXT NOT NULL DEFAULT 'healthy'
    CHECK (status IN ('healthy', 'degraded', 'unhealthy'));
CREATE INDEX metric_samples_check_ts ON metric_samples (check_id, ts);
