"""Signs S3 requests with botocore, for SignatureV4BotocoreTests to compare with.

Reads a JSON list of requests on stdin, each
  {"method", "url" (path already encoded), "headers": {name: value}, "body" (text),
   "region", "accessKeyID", "secretAccessKey", "sessionToken" (or null), "time" (Unix seconds)}
and prints a JSON list of {"canonicalRequest", "authorization"}: what botocore's S3SigV4Auth
(the signer boto3 uses for S3) computes for each.
"""
import datetime
import json
import sys

import botocore.auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials

answers = []
for item in json.load(sys.stdin):
    moment = datetime.datetime.fromtimestamp(item["time"], datetime.timezone.utc).replace(tzinfo=None)
    botocore.auth.get_current_datetime = lambda moment=moment: moment
    request = AWSRequest(method=item["method"], url=item["url"], headers=dict(item["headers"]),
                         data=item["body"].encode("utf-8"))
    credentials = Credentials(item["accessKeyID"], item["secretAccessKey"], item["sessionToken"])
    signer = botocore.auth.S3SigV4Auth(credentials, "s3", item["region"])
    signer.add_auth(request)
    authorization = request.headers["Authorization"]
    del request.headers["Authorization"]
    answers.append({"canonicalRequest": signer.canonical_request(request), "authorization": authorization})
json.dump(answers, sys.stdout)
