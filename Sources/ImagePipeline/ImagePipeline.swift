// ImagePipeline: see README "Layout".
