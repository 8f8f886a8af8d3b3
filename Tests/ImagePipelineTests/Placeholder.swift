// ImagePipelineTests
